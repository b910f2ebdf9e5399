package io.qrouter.job.serde;

import java.io.IOException;
import org.apache.avro.io.Encoder;

/** The {@code ["null", T]} unions of the hand-written encoders: the branch, then the value. */
final class AvroUnions {
    private AvroUnions() {}

    static void writeOptional(Double value, Encoder out) throws IOException {
        if (branch(value, out)) {
            out.writeDouble(value);
        }
    }

    static void writeOptional(Long value, Encoder out) throws IOException {
        if (branch(value, out)) {
            out.writeLong(value);
        }
    }

    static void writeOptional(String value, Encoder out) throws IOException {
        if (branch(value, out)) {
            out.writeString(value);
        }
    }

    /** Writes the branch; true when the value follows. */
    private static boolean branch(Object value, Encoder out) throws IOException {
        if (value == null) {
            out.writeIndex(0);
            out.writeNull();
            return false;
        }
        out.writeIndex(1);
        return true;
    }
}
