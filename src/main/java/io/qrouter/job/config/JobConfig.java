package io.qrouter.job.config;

import java.io.IOException;
import java.io.Reader;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Properties;
import java.util.TreeMap;

/**
 * The job's validated configuration: every {@link ConfigKey} with its value (the default when not
 * set) plus the {@code kafka.*} client settings. Immutable; building one validates it, so a {@code
 * JobConfig} is always runnable.
 */
public final class JobConfig implements Serializable {
    private static final long serialVersionUID = 1L;

    /** Keys starting with this go to the Kafka clients with the prefix removed. */
    public static final String KAFKA_PREFIX = "kafka.";

    /**
     * Keys starting with this go to Flink's configuration with the prefix removed (after qrouter's
     * own).
     */
    public static final String FLINK_PREFIX = "flink.";

    private static final List<String> SECRET_MARKERS =
            List.of("password", "secret", "sasl.jaas.config", "ssl.key");
    private static final String MASK = "******";

    /** Kafka's producer default of max.request.size. */
    private static final String DEFAULT_MAX_REQUEST_SIZE = "1048576";

    /** Room kept below max.request.size for Kafka's framing of one record in its own batch. */
    public static final int RECORD_FRAMING_BYTES = 1024;

    private final Map<String, String> settings;

    private JobConfig(Map<String, String> settings) {
        this.settings = Collections.unmodifiableMap(settings);
    }

    /** Every key at its default. */
    public static JobConfig defaults() {
        return of(Map.of());
    }

    /**
     * Validates {@code settings} (keys as in the properties file) and fills in the defaults.
     *
     * @throws ConfigException naming the first bad key and its valid values
     */
    public static JobConfig of(Map<String, String> settings) {
        Map<String, String> resolved = new TreeMap<>();
        for (ConfigKey k : ConfigKey.values()) {
            resolved.put(k.key(), k.defaultValue());
        }
        for (Map.Entry<String, String> e : new TreeMap<>(settings).entrySet()) {
            String key = e.getKey().trim();
            String value = e.getValue() == null ? "" : e.getValue().trim();
            ConfigKey known = ConfigKey.byName(key);
            if (known != null && !known.accepts(value)) {
                throw new ConfigException(
                        key,
                        "config key '"
                                + key
                                + "' must be "
                                + known.validValues()
                                + " (got '"
                                + mask(key, value)
                                + "')");
            }
            if (known == null && !isKafkaKey(key) && !isFlinkKey(key)) {
                throw new ConfigException(
                        key,
                        "unknown config key '"
                                + key
                                + "': see `qrouter run --help` for the "
                                + "keys; Kafka client settings go under "
                                + KAFKA_PREFIX
                                + "*, Flink options under "
                                + FLINK_PREFIX
                                + "*");
            }
            resolved.put(key, value);
        }
        JobConfig config = new JobConfig(resolved);
        config.checkConsistency();
        return config;
    }

    /**
     * Reads a properties file (UTF-8), then applies {@code overrides} of the form {@code key=value}
     * in order; secrets come from the file, {@code KEY.file} or the environment ({@link
     * SecretSources}), never from {@code overrides}.
     *
     * @param file null for defaults only
     */
    public static JobConfig load(Path file, List<String> overrides) {
        return load(file, overrides, System.getenv());
    }

    /**
     * As {@link #load(Path, List)}, secrets also from {@code environment} ({@link SecretSources});
     * a secret among {@code overrides}, which come from a command line, is refused.
     */
    static JobConfig load(Path file, List<String> overrides, Map<String, String> environment) {
        Map<String, String> settings = new LinkedHashMap<>();
        if (file != null) {
            Properties properties = new Properties();
            try (Reader in = Files.newBufferedReader(file, StandardCharsets.UTF_8)) {
                properties.load(in);
            } catch (NoSuchFileException e) {
                throw new ConfigException("--config", "--config: file not found: " + file);
            } catch (IOException | IllegalArgumentException e) {
                throw new ConfigException(
                        "--config", "--config: cannot read " + file + ": " + e.getMessage());
            }
            properties
                    .stringPropertyNames()
                    .forEach(name -> settings.put(name, properties.getProperty(name)));
        }
        for (String override : overrides) {
            int eq = override.indexOf('=');
            if (eq <= 0) {
                throw new ConfigException(
                        "--set", "--set expects key=value (got '" + override + "')");
            }
            String key = override.substring(0, eq).trim();
            SecretSources.refuseOnCommandLine(List.of(key));
            settings.put(key, override.substring(eq + 1));
        }
        SecretSources.resolve(settings, environment);
        return of(settings);
    }

    /** {@code [--config FILE] [--set key=value ...]} as a validated configuration. */
    public static JobConfig fromArguments(String... args) {
        Path file = null;
        List<String> overrides = new ArrayList<>();
        for (int i = 0; i < args.length; i++) {
            switch (args[i]) {
                case "--config" -> file = Path.of(valueAfter(args, i++));
                case "--set" -> overrides.add(valueAfter(args, i++));
                default ->
                        throw new ConfigException(
                                args[i],
                                "unknown argument '"
                                        + args[i]
                                        + "': expected [--config FILE] [--set key=value ...]");
            }
        }
        return JobConfig.load(file, overrides);
    }

    private static String valueAfter(String[] args, int i) {
        if (i + 1 >= args.length) {
            throw new ConfigException(args[i], args[i] + " needs a value");
        }
        return args[i + 1];
    }

    /** A copy with one key changed, validated again. */
    public JobConfig with(String key, String value) {
        return with(Map.of(key, value));
    }

    /**
     * A copy with {@code changes} (key to value) applied, validated again: each key's rule and the
     * cross-key checks.
     *
     * @throws ConfigException naming the first bad key and its valid values
     */
    public JobConfig with(Map<String, String> changes) {
        Map<String, String> copy = new TreeMap<>(settings);
        copy.putAll(changes);
        return of(copy);
    }

    public String get(ConfigKey key) {
        return settings.get(key.key());
    }

    public long getLong(ConfigKey key) {
        return Long.parseLong(get(key));
    }

    public int getInt(ConfigKey key) {
        return Math.toIntExact(getLong(key));
    }

    /** A duration key's value: every {@code *.ms} key holds milliseconds. */
    public Duration duration(ConfigKey key) {
        if (!key.key().endsWith(".ms")) {
            throw new IllegalArgumentException(
                    "'" + key.key() + "' is not a duration in milliseconds");
        }
        return Duration.ofMillis(getLong(key));
    }

    public double getDouble(ConfigKey key) {
        return Double.parseDouble(get(key));
    }

    /** The value of a choice key, lower case. */
    public String choice(ConfigKey key) {
        return get(key).toLowerCase(Locale.ROOT);
    }

    /**
     * The {@code kafka.*} settings without the prefix, for Kafka consumers, producers and admin
     * clients.
     */
    public Properties kafkaProperties() {
        Properties properties = new Properties();
        settings.forEach(
                (key, value) -> {
                    if (isKafkaKey(key)) {
                        properties.setProperty(key.substring(KAFKA_PREFIX.length()), value);
                    }
                });
        return properties;
    }

    /**
     * The {@code flink.*} settings without the prefix, in key order (Flink checks them when it
     * reads them).
     */
    public Map<String, String> flinkSettings() {
        Map<String, String> flink = new TreeMap<>();
        settings.forEach(
                (key, value) -> {
                    if (isFlinkKey(key)) {
                        flink.put(key.substring(FLINK_PREFIX.length()), value);
                    }
                });
        return flink;
    }

    /** Every setting, secrets masked: safe to log or print. */
    public Map<String, String> masked() {
        Map<String, String> out = new TreeMap<>();
        settings.forEach((key, value) -> out.put(key, mask(key, value)));
        return out;
    }

    /** One {@code key = value} line per setting, secrets masked. */
    @Override
    public String toString() {
        StringBuilder out = new StringBuilder();
        masked().forEach((key, value) -> out.append(key).append(" = ").append(value).append('\n'));
        return out.toString();
    }

    /**
     * True for keys whose values must never be logged (passwords, secrets, JAAS configs, SSL keys).
     */
    public static boolean isSecret(String key) {
        String lower = key.toLowerCase(Locale.ROOT);
        return SECRET_MARKERS.stream().anyMatch(lower::contains);
    }

    static String mask(String key, String value) {
        return isSecret(key) && !value.isEmpty() ? MASK : value;
    }

    private static boolean isKafkaKey(String key) {
        return key.startsWith(KAFKA_PREFIX) && key.length() > KAFKA_PREFIX.length();
    }

    private static boolean isFlinkKey(String key) {
        return key.startsWith(FLINK_PREFIX) && key.length() > FLINK_PREFIX.length();
    }

    /**
     * Every output record must fit the producers' max.request.size with room for Kafka's record and
     * batch framing (87 bytes for a lone record, measured by PoisonRecordsIT; {@link
     * #RECORD_FRAMING_BYTES} kept), and any dead letter must fit the output limit.
     */
    private void checkRecordSizes() {
        String requestSizeKey = KAFKA_PREFIX + "max.request.size";
        long maxRequestSize;
        try {
            maxRequestSize =
                    Long.parseLong(
                            settings.getOrDefault(requestSizeKey, DEFAULT_MAX_REQUEST_SIZE).trim());
        } catch (NumberFormatException e) {
            throw new ConfigException(
                    requestSizeKey,
                    "config key '"
                            + requestSizeKey
                            + "' must be an integer (got '"
                            + settings.get(requestSizeKey)
                            + "')");
        }
        long maxRecord = getLong(ConfigKey.SINK_MAX_RECORD_BYTES);
        if (maxRecord > maxRequestSize - RECORD_FRAMING_BYTES) {
            throw new ConfigException(
                    ConfigKey.SINK_MAX_RECORD_BYTES.key(),
                    "config key '"
                            + ConfigKey.SINK_MAX_RECORD_BYTES.key()
                            + "' ("
                            + maxRecord
                            + ") must be at most the producers' "
                            + "max.request.size ("
                            + maxRequestSize
                            + ") minus "
                            + RECORD_FRAMING_BYTES);
        }
        int deadLetter = RecordLimits.from(this).maxDeadLetterBytes();
        if (deadLetter > maxRecord) {
            throw new ConfigException(
                    ConfigKey.SINK_MAX_RECORD_BYTES.key(),
                    "config key '"
                            + ConfigKey.SINK_MAX_RECORD_BYTES.key()
                            + "' ("
                            + maxRecord
                            + ") must hold the largest dead letter ("
                            + deadLetter
                            + " bytes with '"
                            + ConfigKey.DEAD_LETTER_MAX_RAW_BYTES.key()
                            + "' and '"
                            + ConfigKey.VALIDATION_MAX_ID_LENGTH.key()
                            + "')");
        }
    }

    private void checkConsistency() {
        boolean exactlyOnce = choice(ConfigKey.SINK_DELIVERY_GUARANTEE).equals("exactly-once");
        long timeout = getLong(ConfigKey.SINK_TRANSACTION_TIMEOUT_MS);
        long interval = getLong(ConfigKey.CHECKPOINT_INTERVAL_MS);
        // A transaction stays open from one checkpoint to the next: a shorter timeout aborts every
        // transaction.
        if (exactlyOnce && timeout <= interval) {
            throw new ConfigException(
                    ConfigKey.SINK_TRANSACTION_TIMEOUT_MS.key(),
                    "config key '"
                            + ConfigKey.SINK_TRANSACTION_TIMEOUT_MS.key()
                            + "' ("
                            + timeout
                            + ") must exceed '"
                            + ConfigKey.CHECKPOINT_INTERVAL_MS.key()
                            + "' ("
                            + interval
                            + ") with exactly-once delivery");
        }
        long heartbeatMin = getLong(ConfigKey.HEARTBEAT_MIN_INTERVAL_MS);
        long heartbeatMax = getLong(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS);
        if (heartbeatMax < heartbeatMin) {
            throw new ConfigException(
                    ConfigKey.HEARTBEAT_MAX_INTERVAL_MS.key(),
                    "config key '"
                            + ConfigKey.HEARTBEAT_MAX_INTERVAL_MS.key()
                            + "' ("
                            + heartbeatMax
                            + ") must be ≥ '"
                            + ConfigKey.HEARTBEAT_MIN_INTERVAL_MS.key()
                            + "' ("
                            + heartbeatMin
                            + ")");
        }
        checkRecordSizes();
        ServerAdmission.from(this);
        String kafkaTimeout = KAFKA_PREFIX + "transaction.timeout.ms";
        if (settings.containsKey(kafkaTimeout)) {
            throw new ConfigException(
                    kafkaTimeout,
                    "config key '"
                            + kafkaTimeout
                            + "' is set by the job: use '"
                            + ConfigKey.SINK_TRANSACTION_TIMEOUT_MS.key()
                            + "' instead");
        }
    }
}
