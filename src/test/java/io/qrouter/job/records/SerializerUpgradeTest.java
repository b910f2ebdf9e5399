package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.apache.flink.api.common.typeutils.TypeSerializerSchemaCompatibility;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshot;
import org.apache.flink.api.common.typeutils.TypeSerializerSnapshotSerializationUtil;
import org.apache.flink.core.memory.DataInputDeserializer;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * State in every committed format restores into this code, in the spirit of Flink's {@code
 * TypeSerializerUpgradeTestBase}: {@code serializer-snapshots/<name>/format-<n>/} holds a
 * serializer's snapshot as a savepoint holds it and {@link SerializerSamples} written in that
 * format ({@link SerializerSnapshotsGenerator}; format 3 was written by the serializers before
 * their snapshots were versioned). The current format must be compatible as is and still write
 * those very bytes, an older one must migrate, and a format this code does not read is refused.
 */
class SerializerUpgradeTest {
    private static final Path ROOT = Path.of("src/test/resources/serializer-snapshots");

    static Stream<SerializerSamples.Case<?>> cases() {
        return SerializerSamples.all().stream();
    }

    /** Every committed format of every serializer. */
    static Stream<Arguments> formats() throws IOException {
        List<Arguments> formats = new ArrayList<>();
        for (SerializerSamples.Case<?> c : SerializerSamples.all()) {
            try (Stream<Path> dirs = Files.list(ROOT.resolve(c.name()))) {
                dirs.sorted()
                        .forEach(
                                dir -> {
                                    String name = dir.getFileName().toString();
                                    int format =
                                            Integer.parseInt(name.substring("format-".length()));
                                    formats.add(Arguments.of(c, format));
                                });
            }
        }
        return formats.stream();
    }

    @ParameterizedTest(name = "{0} format {1}")
    @MethodSource("formats")
    void aCommittedFormatRestoresAndReadsItsData(SerializerSamples.Case<?> c, int format)
            throws Exception {
        restoresAndReads(c, format);
    }

    private static <T> void restoresAndReads(SerializerSamples.Case<T> c, int format)
            throws Exception {
        TypeSerializerSnapshot<T> restored = readSnapshot(file(c, format, "snapshot"));
        assertThat(restored.getCurrentVersion()).isEqualTo(format);
        TypeSerializerSchemaCompatibility<T> compatibility =
                c.serializer().snapshotConfiguration().resolveSchemaCompatibility(restored);
        TypeSerializer<T> reader = restored.restoreSerializer();
        if (format == currentFormat(c)) {
            assertThat(compatibility.isCompatibleAsIs()).as(compatibility.toString()).isTrue();
            assertThat(reader).isEqualTo(c.serializer());
        } else {
            assertThat(compatibility.isCompatibleAfterMigration())
                    .as(compatibility.toString())
                    .isTrue();
        }
        DataInputDeserializer in = new DataInputDeserializer(file(c, format, "data"));
        List<T> read = new ArrayList<>();
        while (in.available() > 0) {
            read.add(reader.deserialize(in));
        }
        List<T> expected = expected(c, format);
        assertThat(read).hasSameSizeAs(expected);
        for (int i = 0; i < read.size(); i++) {
            assertThat(RecordComparison.differences(expected.get(i), read.get(i)))
                    .as("record %d of %s format %d", i, c.name(), format)
                    .isNull();
        }
    }

    /**
     * The records a format's data reads back as: the samples, with the fields added since that
     * format at their defaults.
     */
    private static <T> List<T> expected(SerializerSamples.Case<T> c, int format) {
        return SerializerSamples.asReadIn(c, format);
    }

    /** A format changed without a new number would still restore its own bytes: not these. */
    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void theCurrentFormatWritesItsCommittedBytes(SerializerSamples.Case<?> c) throws Exception {
        writesCommittedBytes(c);
    }

    private static <T> void writesCommittedBytes(SerializerSamples.Case<T> c) throws Exception {
        int format = currentFormat(c);
        DataOutputSerializer out = new DataOutputSerializer(256);
        for (T sample : c.samples()) {
            c.serializer().serialize(sample, out);
        }
        assertThat(out.getCopyOfBuffer())
                .as("%s format %d: a changed format needs a new number", c.name(), format)
                .isEqualTo(file(c, format, "data"));
        out.clear();
        TypeSerializerSnapshotSerializationUtil.writeSerializerSnapshot(
                out, c.serializer().snapshotConfiguration());
        assertThat(out.getCopyOfBuffer()).isEqualTo(file(c, format, "snapshot"));
    }

    @ParameterizedTest(name = "{0}")
    @MethodSource("cases")
    void aFormatThisCodeDoesNotReadIsRefusedByName(SerializerSamples.Case<?> c) throws Exception {
        String snapshotClass = c.serializer().snapshotConfiguration().getClass().getName();
        int newest = currentFormat(c);
        for (int unknown : new int[] {newest + 1, HandWrittenSerializer.FIRST_FORMAT - 1}) {
            DataOutputSerializer out = new DataOutputSerializer(128);
            out.writeUTF(snapshotClass);
            out.writeInt(unknown);
            assertThatThrownBy(
                            () ->
                                    TypeSerializerSnapshot.readVersionedSnapshot(
                                            new DataInputDeserializer(out.getCopyOfBuffer()),
                                            getClass().getClassLoader()))
                    .isInstanceOf(IOException.class)
                    .hasMessage(
                            "%s: the state is in format %d, and this qrouter reads formats 3 to %d:"
                                    + " restore it with a qrouter that reads it, or start fresh"
                                    + " (--restore none)",
                            c.serializer()
                                    .getClass()
                                    .getName()
                                    .substring("io.qrouter.job.records.".length()),
                            unknown,
                            newest);
        }
    }

    @Test
    void anotherSerializersSnapshotIsIncompatible() throws Exception {
        TypeSerializerSnapshot<ServerUpdate> ofServerStates =
                readSnapshot(Files.readAllBytes(ROOT.resolve("server-state/format-3/snapshot")));
        assertThat(
                        new ServerUpdateSerializer()
                                .snapshotConfiguration()
                                .resolveSchemaCompatibility(ofServerStates)
                                .isIncompatible())
                .isTrue();
    }

    private static int currentFormat(SerializerSamples.Case<?> c) {
        return c.serializer().snapshotConfiguration().getCurrentVersion();
    }

    private static byte[] file(SerializerSamples.Case<?> c, int format, String name)
            throws IOException {
        return Files.readAllBytes(ROOT.resolve(c.name()).resolve("format-" + format).resolve(name));
    }

    private static <T> TypeSerializerSnapshot<T> readSnapshot(byte[] bytes) throws IOException {
        return TypeSerializerSnapshotSerializationUtil.readSerializerSnapshot(
                new DataInputDeserializer(bytes), SerializerUpgradeTest.class.getClassLoader());
    }
}
