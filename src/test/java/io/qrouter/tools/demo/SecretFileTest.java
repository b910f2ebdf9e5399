package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.attribute.PosixFilePermissions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SecretFileTest {
    @TempDir Path dir;

    @Test
    void onlyTheOwnerCanReadTheKey() throws Exception {
        Path file = SecretFile.write(dir, "control.secret", "s3cret-0123456789abcdef");
        assertThat(Files.readString(file).strip()).isEqualTo("s3cret-0123456789abcdef");
        assertThat(PosixFilePermissions.toString(Files.getPosixFilePermissions(file)))
                .isEqualTo("rw-------");
    }
}
