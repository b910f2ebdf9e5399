package io.qrouter.job.config;

/**
 * The configuration keys as documentation: the README table and the {@code qrouter run --help}
 * footer.
 */
public final class ConfigDocs {
    private static final String FLINK_PASS_THROUGH =
            "Any Flink configuration option, passed to the job's "
                    + "environment without the prefix (e.g. flink.execution.buffer-timeout.interval=5ms); it wins over "
                    + "the value a qrouter key sets. Flink checks the value when it reads it.";

    private ConfigDocs() {}

    /** A Markdown table of every key: name, default, valid values, meaning. */
    public static String markdownTable() {
        StringBuilder out = new StringBuilder();
        out.append("| key | default | valid values | meaning |\n");
        out.append("|---|---|---|---|\n");
        for (ConfigKey key : ConfigKey.values()) {
            out.append("| `")
                    .append(key.key())
                    .append("` | ")
                    .append(
                            key.defaultValue().isEmpty()
                                    ? "(empty)"
                                    : "`" + key.defaultValue() + "`")
                    .append(" | ")
                    .append(key.validValues())
                    .append(" | ")
                    .append(meaning(key).replace("|", "\\|"))
                    .append(" |\n");
        }
        out.append(
                "| `kafka.*` | | | Any other Kafka client setting (SASL, SSL, timeouts…), passed to every consumer "
                        + "and producer without the prefix. Values of keys containing password, secret, sasl.jaas.config "
                        + "or ssl.key are masked in every log and print. |\n");
        out.append("| `flink.*` | | | " + FLINK_PASS_THROUGH + " |\n");
        return out.toString();
    }

    /**
     * The example configuration file: every key at its default, with its meaning and valid values
     * as comments, and a commented SASL/SSL example of the {@code kafka.*} pass-through.
     */
    public static String exampleProperties() {
        StringBuilder out = new StringBuilder();
        out.append(
                        "# qrouter job configuration: every key at its default (generated from io.qrouter.job.config.ConfigKey).\n")
                .append("# Use: qrouter run --config qrouter.properties [--set key=value ...]\n")
                .append(
                        "#  or: flink run -c io.qrouter.job.QrouterJob qrouter.jar --config qrouter.properties\n");
        for (ConfigKey key : ConfigKey.values()) {
            out.append('\n');
            comment(out, meaning(key));
            comment(out, "Valid: " + key.validValues() + ".");
            out.append(key.key()).append('=').append(key.defaultValue()).append('\n');
        }
        out.append('\n')
                .append(
                        "# Any other kafka.* key goes to every Kafka client without the prefix; values of keys containing\n")
                .append(
                        "# password, secret, sasl.jaas.config or ssl.key are masked in logs. For example:\n")
                .append("#kafka.security.protocol=SASL_SSL\n")
                .append("#kafka.sasl.mechanism=SCRAM-SHA-512\n")
                .append(
                        "#kafka.sasl.jaas.config=org.apache.kafka.common.security.scram.ScramLoginModule required ")
                .append("username=\"qrouter\" password=\"...\";\n")
                .append("#kafka.ssl.truststore.location=/etc/qrouter/truststore.jks\n")
                .append("#kafka.ssl.truststore.password=...\n");
        out.append('\n');
        comment(out, "Any flink.* key: " + FLINK_PASS_THROUGH + " For example:");
        out.append(
                "#flink.execution.state-recovery.path=file:///data/qrouter/checkpoints/<job-id>/chk-42\n");
        return out.toString();
    }

    /** The key's description, and whether a running job takes it ({@link LiveSettings}). */
    private static String meaning(ConfigKey key) {
        return LiveSettings.KEYS.contains(key)
                ? key.description() + " Live: qrouter control set " + key.key() + "=VALUE."
                : key.description();
    }

    private static void comment(StringBuilder out, String text) {
        StringBuilder lines = new StringBuilder();
        wrap(lines, text);
        for (String line : lines.toString().split("\n")) {
            out.append("# ").append(line.strip()).append('\n');
        }
    }

    /** Plain text for a terminal: one block per key. */
    public static String helpText() {
        StringBuilder out = new StringBuilder();
        for (ConfigKey key : ConfigKey.values()) {
            out.append("  ")
                    .append(key.key())
                    .append(" = ")
                    .append(key.defaultValue())
                    .append('\n');
            wrap(out, meaning(key));
            wrap(out, "Valid: " + key.validValues() + ".");
        }
        out.append("  kafka.*\n");
        wrap(
                out,
                "Any Kafka client setting, passed on without the prefix (e.g. kafka.security.protocol=SASL_SSL). "
                        + "Values of keys containing password, secret, sasl.jaas.config or ssl.key are masked in logs.");
        out.append("  flink.*\n");
        wrap(out, FLINK_PASS_THROUGH);
        return out.toString();
    }

    /**
     * Indented lines of at most 78 characters, so terminals and picocli do not break them mid-word.
     */
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
