package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;

/**
 * The stored updates' serializer: {@link ServerUpdateSerializer}'s bytes and snapshot, so that
 * state written by either restores with the other, and a copy that is the update itself.
 */
class StoredServerUpdateSerializerTest {
    private final StoredServerUpdateSerializer stored = new StoredServerUpdateSerializer();
    private final ServerUpdateSerializer plain = new ServerUpdateSerializer();

    @Test
    void writesWhatThePlainSerializerWritesAndReadsItBack() throws Exception {
        for (ServerUpdate update : SerializerSamples.serverUpdates()) {
            assertThat(bytes(stored, update)).isEqualTo(bytes(plain, update));
            var in = new DataInputDeserializer(bytes(plain, update));
            assertThat(RecordComparison.differences(update, stored.deserialize(in))).isNull();
        }
    }

    @Test
    void aCopyIsTheUpdateItself() {
        ServerUpdate update = SerializerSamples.serverUpdates().get(0);
        assertThat(stored.copy(update)).isSameAs(update);
        assertThat(plain.copy(update)).isNotSameAs(update);
        assertThat(RecordComparison.differences(update, plain.copy(update))).isNull();
    }

    /** Savepoints written before it (the plain serializer's) restore as they are, and back. */
    @Test
    void eitherRestoresTheOthersStateAsItIs() {
        assertThat(resolve(stored.snapshotConfiguration(), plain.snapshotConfiguration()))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAsIs);
        assertThat(resolve(plain.snapshotConfiguration(), stored.snapshotConfiguration()))
                .matches(TypeSerializerSchemaCompatibility::isCompatibleAsIs);
    }

    private static TypeSerializerSchemaCompatibility<ServerUpdate> resolve(
            TypeSerializerSnapshot<ServerUpdate> current,
            TypeSerializerSnapshot<ServerUpdate> old) {
        return current.resolveSchemaCompatibility(old);
    }

    private static byte[] bytes(ServerUpdateSerializer serializer, ServerUpdate update)
            throws Exception {
        DataOutputSerializer out = new DataOutputSerializer(256);
        serializer.serialize(update, out);
        return out.getCopyOfBuffer();
    }
}
