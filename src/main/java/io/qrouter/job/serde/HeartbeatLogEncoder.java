package io.qrouter.job.serde;

import static io.qrouter.job.serde.AvroUnions.writeOptional;

import io.qrouter.avro.HeartbeatLog;
import java.io.IOException;
import org.apache.avro.io.Encoder;

/**
 * The Avro binary encoding of a {@link HeartbeatLog}, written field by field. The job writes one
 * per heartbeat, the fleet's largest stream, and Avro's generic writer (which resolves each field
 * and its logical-type conversion per record) took half of the heartbeat log's cost at 20,000
 * servers. Its nested records use their generated coders. {@code HeartbeatLogEncoderTest} holds it
 * to Avro's own writer, byte for byte, and to the schema's field list, so a schema change fails
 * there rather than writing records its readers misread.
 */
final class HeartbeatLogEncoder {
    private HeartbeatLogEncoder() {}

    static void write(HeartbeatLog log, Encoder out) throws IOException {
        out.writeLong(log.getTimestamp().toEpochMilli());
        out.writeString(log.getServerId().toString());
        log.getStatus().customEncode(out);
        out.writeLong(log.getHeartbeatIntervalMillis());
        log.getEvents().customEncode(out);
        writeOptional(log.getLWq(), out);
        writeOptional(log.getWQt(), out);
        writeOptional(log.getWV(), out);
    }
}
