package io.qrouter.job.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Health;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import java.nio.charset.StandardCharsets;
import java.time.Instant;
import java.util.HexFormat;
import java.util.function.Consumer;
import javax.crypto.Mac;
import javax.crypto.spec.SecretKeySpec;
import org.junit.jupiter.api.Test;

class ServerSignatureTest {
    private static final String SECRET = "fleet-secret-0123456789";
    private final ServerSignature signatures = new ServerSignature(SECRET);

    private static Heartbeat beat() {
        return Heartbeat.newBuilder()
                .setServerId("server-7")
                .setSentAt(Instant.ofEpochMilli(1_700_000_000_123L))
                .setQueueLength(3)
                .setBusy(true)
                .setServiceRatePerSecond(12.5)
                .setCpu(0.25)
                .setHealth(Health.HEALTHY)
                .setIntervalMillis(500)
                .setSlots(4)
                .setInService(2)
                .build();
    }

    /** The key and the signature by hand: the canonical text written out, plain javax.crypto. */
    @Test
    void theSignatureIsTheHmacOfTheDocumentedText() throws Exception {
        byte[] key =
                hmac(
                        SECRET.getBytes(StandardCharsets.UTF_8),
                        "qrouter-server-key-v1\n8:server-7\n");
        assertThat(signatures.serverKey("server-7")).isEqualTo(key);
        String text =
                "qrouter-heartbeat-v1\n8:server-7\n13:1700000000123\n1:3\n4:true\n"
                        + "16:4029000000000000\n16:3fd0000000000000\n16:0000000000000000\n"
                        + "16:0000000000000000\n7:HEALTHY\n3:500\n5:false\n1:4\n2:=2\n";
        assertThat(ServerSignature.sign(key, beat()))
                .isEqualTo(HexFormat.of().formatHex(hmac(key, text)));
    }

    @Test
    void aSignedRecordPassesAndAChangedOneDoesNot() {
        byte[] key = signatures.serverKey("server-7");
        Heartbeat signed = beat();
        signed.setSignature(ServerSignature.sign(key, signed));
        assertThat(signatures.problem(signed)).isNull();
        for (Consumer<Heartbeat> change :
                java.util.List.<Consumer<Heartbeat>>of(
                        b -> b.setHealth(Health.FAILING),
                        b -> b.setLeaving(true),
                        b -> b.setServiceRatePerSecond(1e6),
                        b -> b.setQueueLength(0),
                        b -> b.setInService(null),
                        b -> b.setSentAt(b.getSentAt().plusMillis(1)))) {
            Heartbeat forged = Heartbeat.newBuilder(signed).build();
            change.accept(forged);
            assertThat(signatures.problem(forged)).startsWith("wrong signature");
        }
    }

    @Test
    void anotherServersKeyOrNoSignatureIsRefused() {
        Heartbeat byOther = beat();
        byOther.setSignature(ServerSignature.sign(signatures.serverKey("server-8"), byOther));
        assertThat(signatures.problem(byOther)).startsWith("wrong signature");
        assertThat(signatures.problem(beat()))
                .isEqualTo("unsigned heartbeat (server.admission=signed)");
        Heartbeat garbage = beat();
        garbage.setSignature("zz");
        assertThat(signatures.problem(garbage)).startsWith("wrong signature");
    }

    @Test
    void eventsAreSignedToo() throws Exception {
        TaskEvent event =
                TaskEvent.newBuilder()
                        .setServerId("server-7")
                        .setTaskId("t-1")
                        .setType(TaskEventType.ENQUEUED)
                        .setEventTime(Instant.ofEpochMilli(5))
                        .build();
        byte[] key = signatures.serverKey("server-7");
        String text = "qrouter-event-v1\n8:server-7\n3:t-1\n8:ENQUEUED\n1:5\n0:\n";
        assertThat(ServerSignature.sign(key, event))
                .isEqualTo(HexFormat.of().formatHex(hmac(key, text)));
        event.setSignature(ServerSignature.sign(key, event));
        assertThat(signatures.problem(event)).isNull();
        event.setType(TaskEventType.COMPLETED);
        assertThat(signatures.problem(event)).startsWith("wrong signature");
    }

    private static byte[] hmac(byte[] key, String text) throws Exception {
        Mac mac = Mac.getInstance("HmacSHA256");
        mac.init(new SecretKeySpec(key, "HmacSHA256"));
        return mac.doFinal(text.getBytes(StandardCharsets.UTF_8));
    }
}
