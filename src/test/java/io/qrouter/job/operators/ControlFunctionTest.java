package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.core.control.AdminState;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.types.Either;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

class ControlFunctionTest {
    static final String SECRET = "control-test-secret-0123456789";
    private static final long NOW = 1_800_000_000_000L;
    private static final long MAX_AGE = 60_000;
    private static final CommandSignature SIGNATURE = new CommandSignature(SECRET);

    private final List<ControlPipeline> open = new ArrayList<>();

    @AfterEach
    void close() throws Exception {
        for (var harness : open) {
            harness.close();
        }
    }

    private ControlPipeline control(String secret, ControlPipeline.Checkpoint restoreFrom)
            throws Exception {
        var harness =
                new ControlPipeline(
                        new ControlSettings(secret, MAX_AGE, TestSettings.router(), true),
                        TestSettings.config(),
                        restoreFrom);
        harness.setProcessingTime(NOW);
        open.add(harness);
        return harness;
    }

    static ControlCommand signed(
            String id, long issuedAt, String action, String target, Map<String, String> args) {
        return ControlCommands.signed(SIGNATURE, id, "alice", issuedAt, action, target, args);
    }

    private static void send(ControlPipeline harness, ControlCommand command) throws Exception {
        harness.processElement1(new StreamRecord<>(Either.Right(command)));
    }

    private static List<ControlLogEntry> log(ControlPipeline harness) {
        return harness.log();
    }

    @Test
    void aSignedCommandForAKnownServerIsAppliedBroadcastAndLogged() throws Exception {
        var control = control(SECRET, null);
        control.processElement2(
                new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW - 500, 2))));
        send(control, signed("c-1", NOW - 1_000, "drain", "server-7", Map.of()));

        List<ControlState> out = control.extractOutputValues();
        assertThat(out).hasSize(1);
        assertThat(out.get(0).admin("server-7").getState()).isEqualTo(AdminState.DRAINING);
        ControlLogEntry entry = log(control).get(0);
        assertThat(entry.getOutcome()).isEqualTo("APPLIED");
        assertThat(entry.getCommandId()).isEqualTo("c-1");
        assertThat(entry.getIssuer()).isEqualTo("alice");
        assertThat(entry.getAction()).isEqualTo("drain");
        assertThat(entry.getTarget()).isEqualTo("server-7");
        assertThat(entry.getIssuedAt()).isEqualTo(Instant.ofEpochMilli(NOW - 1_000));
        assertThat(entry.getLoggedAt()).isEqualTo(Instant.ofEpochMilli(NOW));
        assertThat(entry.getReason()).contains("server-7", "DRAINING");
    }

    @Test
    void badCommandsAreRefusedWithTheReasonAndChangeNothing() throws Exception {
        var control = control(SECRET, null);
        control.processElement2(new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW, 0))));
        ControlCommand unsigned = signed("c-1", NOW, "drain", "server-7", Map.of());
        unsigned.setSignature(null);
        send(control, unsigned);
        ControlCommand tampered = signed("c-2", NOW, "drain", "server-7", Map.of());
        tampered.setTarget("server-8");
        send(control, tampered);
        send(
                control,
                ControlCommands.signed(
                        new CommandSignature("someone-elses-secret-key"),
                        "c-3",
                        "alice",
                        NOW,
                        "drain",
                        "server-7",
                        Map.of()));
        send(control, signed("c-4", NOW - MAX_AGE - 1, "drain", "server-7", Map.of()));
        send(control, signed("c-5", NOW + MAX_AGE + 1, "drain", "server-7", Map.of()));
        send(control, signed("c-6", NOW, "drain", "server-9", Map.of()));
        send(control, signed("c-7", NOW, "policy", null, Map.of("name", "fastest")));
        send(control, signed("c-8", NOW, "weight", "server-7", Map.of("weight", "-1")));
        control.processElement1(
                new StreamRecord<>(
                        Either.Left(
                                DeadLetter.newBuilder()
                                        .setSourceTopic("control")
                                        .setReason("not a valid ControlCommand (3 bytes)")
                                        .setAt(Instant.ofEpochMilli(NOW))
                                        .build())));

        assertThat(control.extractOutputValues()).as("nothing applied").isEmpty();
        List<ControlLogEntry> log = log(control);
        assertThat(log).allMatch(e -> e.getOutcome().equals("REFUSED"));
        assertThat(log.stream().map(ControlLogEntry::getReason).toList())
                .containsExactly(
                        "unsigned command",
                        "wrong signature",
                        "wrong signature",
                        "replay or clock skew: issued 60001 ms before the job's clock, outside control.max-age.ms (60000)",
                        "replay or clock skew: issued -60001 ms before the job's clock, outside control.max-age.ms (60000)",
                        "unknown server \"server-9\"",
                        "unknown policy \"fastest\"; valid: "
                                + io.qrouter.core.policy.PolicyName.validNames(),
                        "weight must be a number in [0.01, 100.0] (got \"-1\")",
                        "not a readable ControlCommand: not a valid ControlCommand (3 bytes)");
    }

    @Test
    void withoutASecretEveryCommandIsRefused() throws Exception {
        var control = control("", null);
        control.processElement2(new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW, 0))));
        send(control, signed("c-1", NOW, "drain", "server-7", Map.of()));
        assertThat(control.extractOutputValues()).isEmpty();
        assertThat(log(control).get(0).getReason()).contains("no control.hmac-secret");
    }

    @Test
    void aServerThatLeftIsUnknownAgain() throws Exception {
        var control = control(SECRET, null);
        control.processElement2(new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW, 0))));
        ServerUpdate gone = snapshot("server-7", NOW, 0);
        gone.setGone(true);
        control.processElement2(new StreamRecord<>(ServerSignal.of(gone)));
        send(control, signed("c-1", NOW, "maintenance", "server-7", Map.of()));
        assertThat(log(control).get(0).getReason()).isEqualTo("unknown server \"server-7\"");
    }

    @Test
    void stateSeenIdsAndKnownServersSurviveARestoreFromACheckpoint() throws Exception {
        var control = control(SECRET, null);
        control.processElement2(new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW, 0))));
        send(control, signed("c-1", NOW, "drain", "server-7", Map.of()));
        send(control, signed("c-2", NOW, "policy", null, Map.of("name", "jsq")));
        ControlPipeline.Checkpoint checkpoint = control.snapshot(1, NOW);

        var restored = control(SECRET, checkpoint);
        send(restored, signed("c-1", NOW, "drain", "server-7", Map.of()));
        send(restored, signed("c-3", NOW, "weight", "server-7", Map.of("weight", "0.5")));

        assertThat(log(restored).get(0).getReason())
                .isEqualTo("replay: command id c-1 was already received");
        List<ControlState> out = restored.extractOutputValues();
        assertThat(out).hasSize(2);
        assertThat(out.get(0).getVersion())
                .as("the restored state is sent again with the first record, for its consumers")
                .isEqualTo(2);
        assertThat(out.get(0).admin("server-7").getState()).isEqualTo(AdminState.DRAINING);
        ControlState state = out.get(1);
        assertThat(state.admin("server-7").getState())
                .as("the drain before the restore holds")
                .isEqualTo(AdminState.DRAINING);
        assertThat(state.admin("server-7").getWeight()).isEqualTo(0.5);
        assertThat(state.getRouter().getPolicy()).isEqualTo("jsq");
        assertThat(state.getVersion()).isEqualTo(3);
    }

    @Test
    void idsOlderThanTheWindowAreForgottenAndStillRefusedByAge() throws Exception {
        var control = control(SECRET, null);
        control.processElement2(new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW, 0))));
        send(control, signed("c-1", NOW, "drain", "server-7", Map.of()));
        control.setProcessingTime(NOW + MAX_AGE + 10);
        send(control, signed("c-1", NOW, "drain", "server-7", Map.of()));
        assertThat(log(control).get(1).getReason()).startsWith("replay or clock skew");
    }
}
