package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import java.util.Map;
import java.util.Properties;
import org.junit.jupiter.api.Test;

/**
 * The sources' consumers: tasks answered at once, server events and heartbeats gathered for their
 * configured waits, {@code kafka.*} settings winning over both.
 */
class ConsumerPropertiesTest {

    @Test
    void tasksAreFetchedAtOnceTheReportsAfterTheirWaits() {
        JobConfig config = JobConfig.defaults();
        Properties tasks = KafkaConnectors.consumerProperties(config, 0);
        assertThat(tasks).doesNotContainKeys("fetch.min.bytes", "fetch.max.wait.ms");
        assertThat(tasks.getProperty("isolation.level")).isEqualTo("read_committed");

        Properties events =
                KafkaConnectors.consumerProperties(
                        config, config.getLong(ConfigKey.SOURCE_EVENTS_MAX_WAIT_MS));
        assertThat(events.getProperty("fetch.max.wait.ms")).isEqualTo("2");
        assertThat(events.getProperty("fetch.min.bytes")).isEqualTo("65536");

        Properties heartbeats =
                KafkaConnectors.consumerProperties(
                        config, config.getLong(ConfigKey.SOURCE_HEARTBEATS_MAX_WAIT_MS));
        assertThat(heartbeats.getProperty("fetch.max.wait.ms")).isEqualTo("20");
    }

    @Test
    void kafkaSettingsWin() {
        JobConfig config =
                JobConfig.of(
                        Map.of(
                                "source.server-events-max-wait.ms", "7",
                                "kafka.fetch.max.wait.ms", "1",
                                "kafka.isolation.level", "read_uncommitted"));
        Properties events =
                KafkaConnectors.consumerProperties(
                        config, config.getLong(ConfigKey.SOURCE_EVENTS_MAX_WAIT_MS));
        assertThat(events.getProperty("fetch.max.wait.ms")).isEqualTo("1");
        assertThat(events.getProperty("fetch.min.bytes")).isEqualTo("65536");
        assertThat(events.getProperty("isolation.level")).isEqualTo("read_uncommitted");
    }
}
