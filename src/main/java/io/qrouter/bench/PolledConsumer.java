package io.qrouter.bench;

import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.function.Consumer;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;

/**
 * A read_committed consumer of raw records polled on a thread of its own until closed, each batch
 * handed to its handler on that thread. A failure ends the thread and is kept for {@link
 * #failIfFailed}; closing wakes the consumer and waits for the thread (10 s at most).
 */
final class PolledConsumer implements AutoCloseable {
    private final String what;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final Thread thread;
    private final Consumer<ConsumerRecords<byte[], byte[]>> onBatch;
    private volatile boolean running = true;
    private volatile Throwable failure;

    /**
     * @param what the reader's name in its failure, e.g. "bare pipe"
     * @param settings consumer settings beyond the bootstrap, isolation, commits and client id
     */
    PolledConsumer(
            String what,
            String bootstrapServers,
            String clientId,
            String threadName,
            Map<String, String> settings,
            Consumer<ConsumerRecords<byte[], byte[]>> onBatch) {
        this.what = what;
        this.onBatch = onBatch;
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, clientId);
        c.putAll(settings);
        consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        thread = new Thread(this::loop, threadName);
        thread.setDaemon(true);
    }

    /** Assigns every partition of {@code topics}, each read from its beginning. */
    List<TopicPartition> assignFromBeginning(List<String> topics) {
        List<TopicPartition> partitions = new ArrayList<>();
        for (String topic : topics) {
            for (PartitionInfo info : consumer.partitionsFor(topic)) {
                partitions.add(new TopicPartition(topic, info.partition()));
            }
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        return partitions;
    }

    /** The consumer itself: before {@link #start}, or from the handler. */
    KafkaConsumer<byte[], byte[]> consumer() {
        return consumer;
    }

    void start() {
        thread.start();
    }

    void failIfFailed() {
        if (failure != null) {
            throw new IllegalStateException(what + " failed: " + failure, failure);
        }
    }

    @Override
    public void close() {
        running = false;
        consumer.wakeup();
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    private void loop() {
        try {
            while (running) {
                onBatch.accept(consumer.poll(Duration.ofMillis(100)));
            }
        } catch (WakeupException e) {
            // closing
        } catch (Throwable e) {
            failure = e;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }
}
