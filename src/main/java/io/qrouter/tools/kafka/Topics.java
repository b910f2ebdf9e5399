package io.qrouter.tools.kafka;

import io.qrouter.job.config.TopicNames;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.TimeoutException;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.admin.NewTopic;
import org.apache.kafka.clients.admin.OffsetSpec;
import org.apache.kafka.clients.admin.TopicDescription;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.TopicExistsException;
import org.apache.kafka.common.errors.UnknownTopicOrPartitionException;

/**
 * Topic creation, for the demo, the bench and the tests (the default names are {@link TopicNames}).
 */
public final class Topics {

    private Topics() {}

    /**
     * Creates the topics that do not exist yet (existing ones are left as they are) and waits for
     * the broker to confirm. They stamp records with the broker's append time ({@code
     * message.timestamp.type=LogAppendTime}), so a consumer can tell how long each hop of a
     * decision took.
     *
     * @param replicationFactor 1 for a single broker; 3 in production
     */
    public static void create(
            String bootstrapServers,
            Collection<String> names,
            int partitions,
            short replicationFactor) {
        if (partitions < 1) {
            throw new IllegalArgumentException("partitions must be ≥ 1 (got " + partitions + ")");
        }
        if (replicationFactor < 1) {
            throw new IllegalArgumentException(
                    "replicationFactor must be ≥ 1 (got " + replicationFactor + ")");
        }
        Properties props = new Properties();
        props.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        try (Admin admin = Admin.create(props)) {
            List<NewTopic> topics = new ArrayList<>();
            for (String name : names) {
                topics.add(
                        new NewTopic(name, partitions, replicationFactor)
                                .configs(Map.of("message.timestamp.type", "LogAppendTime")));
            }
            for (Map.Entry<String, org.apache.kafka.common.KafkaFuture<Void>> e :
                    admin.createTopics(topics).values().entrySet()) {
                try {
                    e.getValue().get(30, TimeUnit.SECONDS);
                } catch (ExecutionException ex) {
                    if (!(ex.getCause() instanceof TopicExistsException)) {
                        throw new IllegalStateException(
                                "cannot create topic "
                                        + e.getKey()
                                        + ": "
                                        + ex.getCause().getMessage(),
                                ex.getCause());
                    }
                }
            }
            awaitLeaders(admin, names, System.nanoTime() + TimeUnit.SECONDS.toNanos(30));
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IllegalStateException("interrupted while creating topics", e);
        } catch (TimeoutException e) {
            throw new IllegalStateException(
                    "broker at " + bootstrapServers + " did not confirm topic creation within 30 s",
                    e);
        }
    }

    /**
     * Waits until every partition of {@code names} is served by its leader. The controller confirms
     * a creation before the broker that answers clients knows the topic: a consumer asking for its
     * partitions in between is told there are none. And a broker that already names a partition's
     * leader may not have opened its log yet: an idempotent producer whose first batch is refused
     * while its second, sent a moment later, is taken is stuck from then on, every retry of the
     * first out of sequence ({@code OutOfOrderSequenceException}). A partition's latest offset is
     * answered by its leader once it has opened the log.
     */
    private static void awaitLeaders(Admin admin, Collection<String> names, long deadlineNanos)
            throws InterruptedException, TimeoutException {
        while (true) {
            try {
                Map<String, TopicDescription> described =
                        admin.describeTopics(names).allTopicNames().get(30, TimeUnit.SECONDS);
                if (described.values().stream()
                        .flatMap(d -> d.partitions().stream())
                        .allMatch(partition -> partition.leader() != null)) {
                    awaitOpenLogs(admin, described, deadlineNanos);
                    return;
                }
            } catch (ExecutionException e) {
                if (!(e.getCause() instanceof UnknownTopicOrPartitionException)) {
                    throw new IllegalStateException(
                            "cannot describe topics " + names + ": " + e.getCause().getMessage(),
                            e.getCause());
                }
            }
            if (System.nanoTime() > deadlineNanos) {
                throw new TimeoutException("topics " + names + " have no leader after 30 s");
            }
            Thread.sleep(20);
        }
    }

    /** Asks every partition's leader for its latest offset (the admin client retries meanwhile). */
    private static void awaitOpenLogs(
            Admin admin, Map<String, TopicDescription> described, long deadlineNanos)
            throws InterruptedException, TimeoutException {
        Map<TopicPartition, OffsetSpec> latest = new HashMap<>();
        described.forEach(
                (name, topic) ->
                        topic.partitions()
                                .forEach(
                                        p ->
                                                latest.put(
                                                        new TopicPartition(name, p.partition()),
                                                        OffsetSpec.latest())));
        try {
            admin.listOffsets(latest)
                    .all()
                    .get(Math.max(1, deadlineNanos - System.nanoTime()), TimeUnit.NANOSECONDS);
        } catch (ExecutionException e) {
            throw new IllegalStateException(
                    "the leaders of "
                            + described.keySet()
                            + " do not serve them: "
                            + e.getCause().getMessage(),
                    e.getCause());
        }
    }

    /** Creates all default topics. */
    public static void createAll(String bootstrapServers, int partitions, short replicationFactor) {
        create(bootstrapServers, TopicNames.ALL, partitions, replicationFactor);
    }
}
