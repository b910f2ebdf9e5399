package io.qrouter.job.records;

import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;
import org.apache.flink.types.StringValue;

/** Reading and writing the nullable field types the hand-written serializers share. */
public final class Fields {
    private Fields() {}

    /**
     * Flink's own string encoding (null allowed; {@link StringValue#writeString}). A short ASCII
     * string, which every id and enum name is, goes out in one write: in that encoding it is its
     * length + 1 in one byte, then one byte per char. Flink's own writes it byte by byte, each a
     * call down the checkpoint stream's wrappers: with 20,000 servers, a quarter of the checkpoint
     * thread's samples went to these records' strings that way, and a twentieth this way (JFR).
     */
    static void writeString(String value, DataOutputView out) throws IOException {
        if (value == null || value.length() >= SHORT) {
            StringValue.writeString(value, out);
            return;
        }
        int length = value.length();
        byte[] bytes = new byte[length + 1];
        bytes[0] = (byte) (length + 1);
        for (int i = 0; i < length; i++) {
            char c = value.charAt(i);
            if (c >= SHORT) {
                StringValue.writeString(value, out);
                return;
            }
            bytes[i + 1] = (byte) c;
        }
        out.write(bytes);
    }

    /** Below this, a length + 1 and a char each fit in one byte of Flink's string encoding. */
    private static final int SHORT = 0x7F;

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

    static void writeInteger(Integer value, DataOutputView out) throws IOException {
        out.writeBoolean(value != null);
        if (value != null) {
            out.writeInt(value);
        }
    }

    static Integer readInteger(DataInputView in) throws IOException {
        return in.readBoolean() ? in.readInt() : null;
    }

    /** A null list is written as an empty one: every list field of these records starts empty. */
    static void writeStrings(List<String> values, DataOutputView out) throws IOException {
        int size = values == null ? 0 : values.size();
        out.writeInt(size);
        for (int i = 0; i < size; i++) {
            writeString(values.get(i), out);
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
