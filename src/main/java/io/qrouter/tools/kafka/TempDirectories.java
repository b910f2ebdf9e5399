package io.qrouter.tools.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.stream.Stream;

/**
 * Temporary directories that the code which made them also removes (broker logs, checkpoints, Flink
 * temp files).
 */
public final class TempDirectories {
    private TempDirectories() {}

    /** A new directory under {@code java.io.tmpdir}. */
    public static Path create(String prefix) {
        try {
            return Files.createTempDirectory(prefix);
        } catch (IOException e) {
            throw new UncheckedIOException(
                    "cannot create a temp directory in " + System.getProperty("java.io.tmpdir"), e);
        }
    }

    /** Deletes {@code dir} and everything below it; a missing directory is fine. */
    public static void delete(Path dir) {
        if (!Files.exists(dir)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(dir)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            throw new UncheckedIOException("cannot delete " + dir, e);
        }
    }
}
