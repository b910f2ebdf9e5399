package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.estimate.OpenTask;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputViewStreamWrapper;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * A record written to a stream (a heap checkpoint's) is staged in memory first: the bytes must be
 * those written straight into memory (the network's and RocksDB's way), record after record, also
 * after one that outgrew the staging buffer.
 */
class StagedSerializationTest {
    static List<SerializerSamples.Case<?>> cases() {
        return SerializerSamples.all();
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    <T> void aStreamGetsTheBytesMemoryGets(SerializerSamples.Case<T> c) throws IOException {
        assertThat(toStream(c.serializer(), c.samples()))
                .isEqualTo(toMemory(c.serializer(), c.samples()));
    }

    @Test
    void aRecordLargerThanTheStagingBufferAndTheOnesAfterItAreWrittenWhole() throws IOException {
        ServerState crowded = SerializerSamples.serverStates().get(0);
        Map<String, OpenTask> open = crowded.estimators.getOpenTasks().getByTaskId();
        for (int i = 0; i < 60_000; i++) {
            open.put("t-crowd-" + i, SerializerSamples.openTasks().get(i % 3));
        }
        List<ServerState> records =
                List.of(
                        SerializerSamples.serverStates().get(1),
                        crowded,
                        SerializerSamples.serverStates().get(0));
        ServerStateSerializer serializer = new ServerStateSerializer();
        byte[] memory = toMemory(serializer, records);
        assertThat(memory.length).as("past the staging buffer kept").isGreaterThan(1 << 20);
        assertThat(toStream(serializer, records)).isEqualTo(memory);
    }

    static <T> byte[] toStream(TypeSerializer<T> serializer, List<T> records) throws IOException {
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();
        DataOutputViewStreamWrapper out = new DataOutputViewStreamWrapper(bytes);
        for (T record : records) {
            serializer.serialize(record, out);
        }
        out.flush();
        return bytes.toByteArray();
    }

    private static <T> byte[] toMemory(TypeSerializer<T> serializer, List<T> records)
            throws IOException {
        DataOutputSerializer out = new DataOutputSerializer(64);
        for (T record : records) {
            serializer.serialize(record, out);
        }
        return out.getCopyOfBuffer();
    }
}
