package io.qrouter.job.records;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/** Reading and writing the nullable field types the hand-written serializers share. */
final class Fields {
    private Fields() {}

    /** Flink's own string encoding (null allowed): faster than {@code writeUTF}. */
    static void writeString(String value, DataOutputView out) throws IOException {
        StringValue.writeString(value, out);
    }

    static String readString(DataInputView in) throws IOException {
        return StringValue.readString(in);
    }

    static void writeDouble(Double value, DataOutputView out) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeDouble(value);
        }
    }

    static Double readDouble(DataInputView in) throws IOException {
        return in.readBoolean() ? in.readDouble() : null;
    }

    /** A null list is written as an empty one: every list field of these records starts empty. */
    static void writeStrings(List<String> values, DataOutputView out) throws IOException {
        int size = values == null ? 0 : values.size();
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            StringValue.writeString(values.get(i), out);
        }
    }

    static List<String> readStrings(DataInputView in) throws IOException {
        int size = in.readInt();
        List<String> values = new ArrayList<>(size);
        for (int i = 0; i < size; i++) {
            values.add(StringValue.readString(in));
        }
        return values;
    }

    /** Enum constants by name, which a schema's reordered or added symbols keep. */
    static <E extends Enum<E>> void writeEnum(E value, DataOutputView out) throws IOException {
        writeString(value == null ? null : value.name(), out);
    }

    static <E extends Enum<E>> E readEnum(Class<E> type, DataInputView in) throws IOException {
        String name = readString(in);
        return name == null ? null : Enum.valueOf(type, name);
    }
}
