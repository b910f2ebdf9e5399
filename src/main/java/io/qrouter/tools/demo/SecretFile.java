package io.qrouter.tools.demo;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystems;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;

/**
 * A generated secret in a file only its owner can read, so the demo can hand its control key to
 * {@code qrouter control --secret-file} without printing it or putting it on a command line.
 */
final class SecretFile {
    private SecretFile() {}

    /** Writes {@code secret} to {@code dir/name}, owner read and write only where POSIX allows. */
    static Path write(Path dir, String name, String secret) throws IOException {
        Path file = dir.resolve(name);
        if (FileSystems.getDefault().supportedFileAttributeViews().contains("posix")) {
            Files.createFile(
                    file,
                    PosixFilePermissions.asFileAttribute(
                            PosixFilePermissions.fromString("rw-------")));
        } else {
            Files.createFile(file);
            file.toFile().setReadable(false, false);
            file.toFile().setReadable(true, true);
        }
        Files.writeString(file, secret + "\n", StandardCharsets.UTF_8);
        return file;
    }
}
