package io.qrouter.job.config;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JobConfigTest {

    @Test
    void everyDefaultIsValidAndDocumented() {
        JobConfig defaults = JobConfig.defaults();
        for (ConfigKey key : ConfigKey.values()) {
            assertThat(key.accepts(key.defaultValue())).as(key.key()).isTrue();
            assertThat(defaults.get(key)).isEqualTo(key.defaultValue());
            assertThat(key.description()).as(key.key()).isNotBlank();
        }
    }

    @Test
    void commandLineOverridesWinOverTheFile(@TempDir Path dir) throws Exception {
        Path file = dir.resolve("qrouter.properties");
        Files.writeString(
                file, "checkpoint.interval.ms = 5000\nstate.backend=rocksdb\ntopic.tasks=orders\n");

        JobConfig config =
                JobConfig.load(
                        file, List.of("checkpoint.interval.ms=3000", "topic.decisions=routes"));

        assertThat(config.getLong(ConfigKey.CHECKPOINT_INTERVAL_MS)).isEqualTo(3000);
        assertThat(config.choice(ConfigKey.STATE_BACKEND)).isEqualTo("rocksdb");
        assertThat(config.get(ConfigKey.TOPIC_TASKS)).isEqualTo("orders");
        assertThat(config.get(ConfigKey.TOPIC_DECISIONS)).isEqualTo("routes");
    }

    @Test
    void valueOutOfRangeNamesTheKeyAndTheRange() {
        assertThatThrownBy(() -> JobConfig.of(Map.of("checkpoint.interval.ms", "10")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("'checkpoint.interval.ms'")
                .hasMessageContaining("[100, 3600000]")
                .hasMessageContaining("got '10'")
                .extracting(e -> ((ConfigException) e).key())
                .isEqualTo("checkpoint.interval.ms");
    }

    @Test
    void notANumberAndUnknownChoiceAreRejected() {
        assertThatThrownBy(() -> JobConfig.of(Map.of("watermark.idleness.ms", "ten seconds")))
                .hasMessageContaining("'watermark.idleness.ms' must be an integer");
        assertThatThrownBy(() -> JobConfig.of(Map.of("state.backend", "memory")))
                .hasMessageContaining("'state.backend' must be one of hashmap, rocksdb");
        assertThatThrownBy(() -> JobConfig.of(Map.of("sink.delivery-guarantee", "none")))
                .hasMessageContaining("one of at-least-once, exactly-once");
    }

    @Test
    void unknownKeyIsAnErrorButKafkaKeysPassThrough() {
        assertThatThrownBy(() -> JobConfig.of(Map.of("chekpoint.interval.ms", "5000")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("unknown config key 'chekpoint.interval.ms'");

        JobConfig config =
                JobConfig.of(
                        Map.of(
                                "kafka.bootstrap.servers", "broker-1:9093,broker-2:9093",
                                "kafka.security.protocol", "SASL_SSL",
                                "kafka.sasl.mechanism", "SCRAM-SHA-512"));
        assertThat(config.kafkaProperties())
                .containsEntry("bootstrap.servers", "broker-1:9093,broker-2:9093")
                .containsEntry("security.protocol", "SASL_SSL")
                .containsEntry("sasl.mechanism", "SCRAM-SHA-512")
                .containsEntry("group.id", "qrouter")
                .doesNotContainKey("checkpoint.interval.ms");
    }

    @Test
    void secretsAreMaskedInEveryPrintedForm() {
        String jaas =
                "org.apache.kafka.common.security.scram.ScramLoginModule required username=\"q\" password=\"hunter2\";";
        JobConfig config =
                JobConfig.of(
                        Map.of(
                                "kafka.sasl.jaas.config", jaas,
                                "kafka.ssl.truststore.password", "trust-me",
                                "kafka.ssl.key.password", "key-pass",
                                "kafka.basic.auth.user.info", "ok",
                                "kafka.client.secret", "s3cr3t"));

        String printed = config.toString() + config.masked();

        assertThat(printed).doesNotContain("hunter2", "trust-me", "key-pass", "s3cr3t");
        assertThat(config.masked())
                .containsEntry("kafka.sasl.jaas.config", "******")
                .containsEntry("kafka.ssl.truststore.password", "******")
                .containsEntry("kafka.ssl.key.password", "******")
                .containsEntry("kafka.client.secret", "******")
                .containsEntry("kafka.basic.auth.user.info", "ok")
                .containsEntry("kafka.bootstrap.servers", "localhost:9092");
        // the real values still reach the Kafka clients
        assertThat(config.kafkaProperties()).containsEntry("sasl.jaas.config", jaas);
    }

    @Test
    void secretValuesAreMaskedInErrorsToo() {
        assertThatThrownBy(
                        () ->
                                JobConfig.of(
                                        Map.of(
                                                "kafka.ssl.key.password",
                                                "key-pass",
                                                "job.parallelism",
                                                "-1")))
                .hasMessageNotContaining("key-pass");
        assertThat(JobConfig.isSecret("kafka.SASL.JAAS.CONFIG")).isTrue();
        assertThat(JobConfig.isSecret("kafka.ssl.keystore.password")).isTrue();
        assertThat(JobConfig.isSecret("kafka.security.protocol")).isFalse();
    }

    @Test
    void exactlyOnceNeedsATransactionTimeoutAboveTheCheckpointInterval() {
        assertThatThrownBy(
                        () ->
                                JobConfig.of(
                                        Map.of(
                                                "sink.delivery-guarantee",
                                                "exactly-once",
                                                "checkpoint.interval.ms",
                                                "120000",
                                                "sink.transaction-timeout.ms",
                                                "60000")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "'sink.transaction-timeout.ms' (60000) must exceed 'checkpoint.interval.ms' (120000)");

        JobConfig atLeastOnce =
                JobConfig.of(
                        Map.of(
                                "checkpoint.interval.ms",
                                "120000",
                                "sink.transaction-timeout.ms",
                                "60000",
                                "sink.delivery-guarantee",
                                "at-least-once"));
        assertThat(atLeastOnce.choice(ConfigKey.SINK_DELIVERY_GUARANTEE))
                .isEqualTo("at-least-once");

        assertThatThrownBy(() -> JobConfig.of(Map.of("kafka.transaction.timeout.ms", "60000")))
                .hasMessageContaining("use 'sink.transaction-timeout.ms'");
    }

    @Test
    void outputRecordsMustFitTheProducersRequestSizeAndHoldTheLargestDeadLetter() {
        assertThat(
                        JobConfig.of(Map.of("sink.max-record-bytes", "1047552"))
                                .getInt(ConfigKey.SINK_MAX_RECORD_BYTES))
                .isEqualTo(1_047_552);
        assertThatThrownBy(() -> JobConfig.of(Map.of("sink.max-record-bytes", "1047553")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining(
                        "must be at most the producers' max.request.size (1048576) minus 1024");
        assertThat(
                        JobConfig.of(
                                        Map.of(
                                                "sink.max-record-bytes",
                                                "3000000",
                                                "kafka.max.request.size",
                                                "4000000"))
                                .getInt(ConfigKey.SINK_MAX_RECORD_BYTES))
                .isEqualTo(3_000_000);
        assertThatThrownBy(() -> JobConfig.of(Map.of("kafka.max.request.size", "lots")))
                .hasMessageContaining("'kafka.max.request.size' must be an integer");
        assertThatThrownBy(
                        () ->
                                JobConfig.of(
                                        Map.of(
                                                "sink.max-record-bytes",
                                                "20000",
                                                "dead-letter.max-raw-bytes",
                                                "65536")))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("must hold the largest dead letter (70400 bytes");
    }

    @Test
    void commandLineArgumentsAndTheirErrors(@TempDir Path dir) {
        JobConfig config =
                JobConfig.fromArguments("--set", "job.name=router-eu", "--set", "kafka.acks=all");
        assertThat(config.get(ConfigKey.JOB_NAME)).isEqualTo("router-eu");
        assertThat(config.kafkaProperties()).containsEntry("acks", "all");

        assertThatThrownBy(
                        () ->
                                JobConfig.fromArguments(
                                        "--config", dir.resolve("missing.properties").toString()))
                .isInstanceOf(ConfigException.class)
                .hasMessageContaining("file not found");
        assertThatThrownBy(() -> JobConfig.fromArguments("--set", "job.name"))
                .hasMessageContaining("--set expects key=value (got 'job.name')");
        assertThatThrownBy(() -> JobConfig.fromArguments("--set"))
                .hasMessageContaining("--set needs a value");
        assertThatThrownBy(() -> JobConfig.fromArguments("--parallelism", "4"))
                .hasMessageContaining("unknown argument '--parallelism'");
    }

    @Test
    void withChangesOneKeyAndValidatesAgain() {
        JobConfig base = JobConfig.defaults();
        JobConfig changed = base.with("kafka.bootstrap.servers", "127.0.0.1:40000");
        assertThat(changed.get(ConfigKey.KAFKA_BOOTSTRAP_SERVERS)).isEqualTo("127.0.0.1:40000");
        assertThat(base.get(ConfigKey.KAFKA_BOOTSTRAP_SERVERS)).isEqualTo("localhost:9092");
        assertThatThrownBy(() -> base.with("topic.tasks", " "))
                .hasMessageContaining("'topic.tasks' must be a non-empty text");
    }
}
