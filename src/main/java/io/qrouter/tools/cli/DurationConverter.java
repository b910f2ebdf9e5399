package io.qrouter.tools.cli;

import java.time.Duration;
import java.util.Locale;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import picocli.CommandLine.ITypeConverter;
import picocli.CommandLine.TypeConversionException;

/**
 * Reads durations the way people write them: {@code 500ms}, {@code 10s}, {@code 1.5s}, {@code 2m},
 * {@code 1h}.
 */
final class DurationConverter implements ITypeConverter<Duration> {
    private static final Pattern FORMAT = Pattern.compile("(\\d+(?:\\.\\d+)?)\\s*(ms|s|m|h)");

    @Override
    public Duration convert(String value) {
        Matcher m = FORMAT.matcher(value.trim().toLowerCase(Locale.ROOT));
        if (!m.matches()) {
            throw new TypeConversionException(
                    "'" + value + "' is not a duration: write e.g. 500ms, 10s, 2m or 1h");
        }
        double amount = Double.parseDouble(m.group(1));
        double millis =
                switch (m.group(2)) {
                    case "ms" -> amount;
                    case "s" -> amount * 1e3;
                    case "m" -> amount * 60e3;
                    default -> amount * 3600e3;
                };
        return Duration.ofMillis(Math.round(millis));
    }
}
