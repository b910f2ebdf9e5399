package io.qrouter.bench;

import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.TopicNames;
import io.qrouter.tools.kafka.Topics;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * The topics of one benchmark run, all named {@code <prefix>-<default name>} so runs on one broker
 * never read each other's records: the job's eight (its inputs and outputs) or the bare pipe's two.
 */
record BenchTopics(String prefix) {
    String tasks() {
        return prefix + "-" + TopicNames.TASKS;
    }

    String serverEvents() {
        return prefix + "-" + TopicNames.SERVER_EVENTS;
    }

    String heartbeats() {
        return prefix + "-" + TopicNames.HEARTBEATS;
    }

    String decisions() {
        return prefix + "-" + TopicNames.DECISIONS;
    }

    String heartbeatLog() {
        return prefix + "-" + TopicNames.HEARTBEAT_LOG;
    }

    String dsrsAssignments() {
        return prefix + "-" + TopicNames.DSRS_ASSIGNMENTS;
    }

    String deadLetter() {
        return prefix + "-" + TopicNames.DEAD_LETTER;
    }

    /** Creates every topic of this run with {@code partitions} partitions. */
    BenchTopics create(String bootstrapServers, int partitions) {
        Topics.create(
                bootstrapServers,
                TopicNames.ALL.stream().map(t -> prefix + "-" + t).toList(),
                partitions,
                (short) 1);
        return this;
    }

    /** The job's topic keys: inputs from {@code inputs}, outputs to {@code outputs}. */
    static Map<String, String> jobKeys(BenchTopics inputs, BenchTopics outputs) {
        Map<String, String> keys = outputs.jobKeys();
        keys.put(ConfigKey.TOPIC_TASKS.key(), inputs.tasks());
        keys.put(ConfigKey.TOPIC_SERVER_EVENTS.key(), inputs.serverEvents());
        keys.put(ConfigKey.TOPIC_HEARTBEATS.key(), inputs.heartbeats());
        return keys;
    }

    /** The job's topic keys pointing at these topics. */
    Map<String, String> jobKeys() {
        Map<String, String> keys = new LinkedHashMap<>();
        List<ConfigKey> topicKeys =
                List.of(
                        ConfigKey.TOPIC_TASKS,
                        ConfigKey.TOPIC_SERVER_EVENTS,
                        ConfigKey.TOPIC_HEARTBEATS,
                        ConfigKey.TOPIC_DECISIONS,
                        ConfigKey.TOPIC_SERVER_METRICS,
                        ConfigKey.TOPIC_HEARTBEAT_LOG,
                        ConfigKey.TOPIC_DSRS_ASSIGNMENTS,
                        ConfigKey.TOPIC_DEAD_LETTER,
                        ConfigKey.TOPIC_CONTROL,
                        ConfigKey.TOPIC_CONTROL_LOG);
        for (ConfigKey key : topicKeys) {
            keys.put(key.key(), prefix + "-" + key.defaultValue());
        }
        return keys;
    }
}
