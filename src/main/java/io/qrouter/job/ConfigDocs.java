package io.qrouter.job;

/** The configuration keys as documentation: the README table and the {@code qrouter run --help} footer. */
public final class ConfigDocs {
    private ConfigDocs() {}

    /** A Markdown table of every key: name, default, valid values, meaning. */
    public static String markdownTable() {
        StringBuilder out = new StringBuilder();
        out.append("| key | default | valid values | meaning |\n");
        out.append("|---|---|---|---|\n");
        for (ConfigKey key : ConfigKey.values()) {
            out.append("| `").append(key.key()).append("` | ")
                    .append(key.defaultValue().isEmpty() ? "(empty)" : "`" + key.defaultValue() + "`").append(" | ")
                    .append(key.validValues()).append(" | ")
                    .append(key.description().replace("|", "\\|")).append(" |\n");
        }
        out.append("| `kafka.*` | | | Any other Kafka client setting (SASL, SSL, timeouts…), passed to every consumer "
                + "and producer without the prefix. Values of keys containing password, secret, sasl.jaas.config "
                + "or ssl.key are masked in every log and print. |\n");
        return out.toString();
    }

    /** Plain text for a terminal: one block per key. */
    public static String helpText() {
        StringBuilder out = new StringBuilder();
        for (ConfigKey key : ConfigKey.values()) {
            out.append("  ").append(key.key()).append(" = ").append(key.defaultValue()).append('\n');
            wrap(out, key.description());
            wrap(out, "Valid: " + key.validValues() + ".");
        }
        out.append("  kafka.*\n");
        wrap(out, "Any Kafka client setting, passed on without the prefix (e.g. kafka.security.protocol=SASL_SSL). "
                + "Values of keys containing password, secret, sasl.jaas.config or ssl.key are masked in logs.");
        return out.toString();
    }

    /** Indented lines of at most 78 characters, so terminals and picocli do not break them mid-word. */
    private static void wrap(StringBuilder out, String text) {
        String indent = "      ";
        StringBuilder line = new StringBuilder(indent);
        for (String word : text.split(" ")) {
            if (line.length() > indent.length() && line.length() + 1 + word.length() > 78) {
                out.append(line).append('\n');
                line = new StringBuilder(indent);
            }
            if (line.length() > indent.length()) {
                line.append(' ');
            }
            line.append(word);
        }
        out.append(line).append('\n');
    }
}
