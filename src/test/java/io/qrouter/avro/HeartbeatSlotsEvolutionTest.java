package io.qrouter.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.time.Instant;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.junit.jupiter.api.Test;

/**
 * Servers that predate {@code slots} and {@code inService} keep working: their heartbeats read as
 * one-slot servers, and a reader that predates the fields reads today's heartbeats.
 */
class HeartbeatSlotsEvolutionTest {

    private static Schema beforeSlots() throws IOException {
        try (InputStream in =
                HeartbeatSlotsEvolutionTest.class.getResourceAsStream(
                        "/schemas-before-slots/Heartbeat.avsc")) {
            // one parser: the record refers to the Health enum by name
            Schema.Parser parser = new Schema.Parser();
            parser.parse(Health.getClassSchema().toString());
            return parser.parse(in);
        }
    }

    @Test
    void aHeartbeatWrittenBeforeSlotsReadsAsAOneSlotServer() throws IOException {
        Schema old = beforeSlots();
        assertThat(old.getField("slots")).isNull();
        GenericRecord beat = new GenericData.Record(old);
        beat.put("serverId", "old-1");
        beat.put("sentAt", 1_000L);
        beat.put("queueLength", 2);
        beat.put("busy", true);
        beat.put("serviceRatePerSecond", 5.0);
        beat.put("cpu", 0.5);
        beat.put("memory", 0.0);
        beat.put("bandwidth", 0.0);
        beat.put("health", new GenericData.EnumSymbol(Health.getClassSchema(), "HEALTHY"));
        beat.put("intervalMillis", 1000L);
        beat.put("leaving", false);
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new GenericDatumWriter<GenericRecord>(old).write(beat, encoder);
        encoder.flush();

        Heartbeat read =
                new SpecificDatumReader<Heartbeat>(old, Heartbeat.getClassSchema())
                        .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));

        assertThat(read.getServerId()).isEqualTo("old-1");
        assertThat(read.getQueueLength()).isEqualTo(2);
        assertThat(read.getSlots()).isEqualTo(1);
        assertThat(read.getInService()).isNull();
    }

    @Test
    void aReaderFromBeforeSlotsReadsTodaysHeartbeat() throws IOException {
        Heartbeat beat =
                Heartbeat.newBuilder()
                        .setServerId("new-1")
                        .setSentAt(Instant.ofEpochMilli(2_000))
                        .setQueueLength(9)
                        .setBusy(true)
                        .setServiceRatePerSecond(3.0)
                        .setSlots(8)
                        .setInService(8)
                        .build();
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(bytes, null);
        new SpecificDatumWriter<Heartbeat>(Heartbeat.getClassSchema()).write(beat, encoder);
        encoder.flush();

        Schema old = beforeSlots();
        GenericRecord read =
                new GenericDatumReader<GenericRecord>(Heartbeat.getClassSchema(), old)
                        .read(null, DecoderFactory.get().binaryDecoder(bytes.toByteArray(), null));

        assertThat(read.get("serverId").toString()).isEqualTo("new-1");
        assertThat(read.get("queueLength")).isEqualTo(9);
        assertThat(read.get("leaving")).isEqualTo(false);
        assertThat(read.getSchema().getField("slots")).isNull();
    }
}
