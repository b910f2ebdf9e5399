package io.qrouter.job.serde;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificData;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecord;

/** Avro's own encoding of a record, which the hand-written encoders are held to. */
final class AvrosOwnWriter {
    private AvrosOwnWriter() {}

    static <T extends SpecificRecord> byte[] encode(T record) {
        try {
            SpecificData model = SpecificData.getForClass(record.getClass());
            ByteArrayOutputStream out = new ByteArrayOutputStream();
            BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
            new SpecificDatumWriter<T>(record.getSchema(), model).write(record, encoder);
            encoder.flush();
            return out.toByteArray();
        } catch (IOException e) {
            throw new AssertionError(e);
        }
    }
}
