package io.qrouter.tools.report;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * The one JSON mapper of the CLI and reports. Callers write unknown or undefined numbers as null,
 * never NaN.
 */
public final class Json {
    public static final ObjectMapper MAPPER =
            new ObjectMapper().enable(SerializationFeature.INDENT_OUTPUT);

    private Json() {}

    /** The number, or null where it is NaN or infinite (JSON has no such numbers). */
    public static Double finiteOrNull(double v) {
        return Double.isFinite(v) ? v : null;
    }

    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    public static void write(Path file, Object value) {
        try {
            Files.createDirectories(file.toAbsolutePath().getParent());
            MAPPER.writeValue(file.toFile(), value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
