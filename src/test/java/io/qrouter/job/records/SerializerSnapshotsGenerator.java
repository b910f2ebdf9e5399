package io.qrouter.job.records;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil;
import org.apache.flink.core.memory.DataOutputSerializer;

/**
 * Writes what {@code SerializerUpgradeTest} restores: for each hand-written serializer, its
 * snapshot as Flink writes it into a savepoint ({@code snapshot}) and {@link SerializerSamples}
 * serialized one after the other ({@code data}), under {@code <name>/format-<version>/}. Run it
 * once per new format; it leaves a format already written alone (its bytes are what savepoints of
 * that format hold, so a changed format needs a new number, not new bytes):
 *
 * <pre>
 * mvn -B -o -q test-compile dependency:build-classpath -Dmdep.outputFile=cp.txt
 * java -cp target/test-classes:target/classes:$(cat cp.txt) \
 *     io.qrouter.job.records.SerializerSnapshotsGenerator src/test/resources/serializer-snapshots
 * </pre>
 */
final class SerializerSnapshotsGenerator {
    private SerializerSnapshotsGenerator() {}

    public static void main(String[] args) throws IOException {
        Path root = Path.of(args[0]);
        for (SerializerSamples.Case<?> c : SerializerSamples.all()) {
            System.out.println(write(root, c));
        }
    }

    private static <T> String write(Path root, SerializerSamples.Case<T> c) throws IOException {
        TypeSerializer<T> serializer = c.serializer();
        TypeSerializerSnapshot<T> snapshot = serializer.snapshotConfiguration();
        Path dir = root.resolve(c.name()).resolve("format-" + snapshot.getCurrentVersion());
        if (Files.exists(dir)) {
            return dir + " (kept: it exists)";
        }
        Files.createDirectories(dir);
        DataOutputSerializer out = new DataOutputSerializer(256);
        TypeSerializerSnapshotSerializationUtil.writeSerializerSnapshot(out, snapshot);
        Files.write(dir.resolve("snapshot"), out.getCopyOfBuffer());
        out.clear();
        for (T sample : c.samples()) {
            serializer.serialize(sample, out);
        }
        Files.write(dir.resolve("data"), out.getCopyOfBuffer());
        return dir.toString();
    }
}
