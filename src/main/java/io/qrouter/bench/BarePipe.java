package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.io.AvroCodec;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.PartitionInfo;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.errors.WakeupException;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The physical limit the job is measured against: one thread that reads tasks with a read_committed
 * consumer, decodes each, picks a server by a hash of its id, encodes a {@link RoutingDecision} and
 * produces it (key = server id, linger 0 like the job's sinks). Nothing is kept per task. Its
 * thread and its producer's network thread are named {@value #NAME} so that the benchmark charges
 * their CPU to it.
 */
final class BarePipe implements AutoCloseable {
    static final String NAME = "bare-pipe";

    private final String tasksTopic;
    private final String decisionsTopic;
    private final List<String> serverIds;
    private final KafkaConsumer<byte[], byte[]> consumer;
    private final KafkaProducer<String, byte[]> producer;
    private final Thread thread;
    private final AvroCodec<TaskRequest> taskCodec = AvroCodec.of(TaskRequest.class);
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private volatile boolean running = true;
    private volatile Throwable failure;

    BarePipe(
            String bootstrapServers,
            String tasksTopic,
            String decisionsTopic,
            List<String> serverIds) {
        this.tasksTopic = tasksTopic;
        this.decisionsTopic = decisionsTopic;
        this.serverIds = List.copyOf(serverIds);
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
        c.put(ConsumerConfig.ENABLE_AUTO_COMMIT_CONFIG, "false");
        c.put(ConsumerConfig.CLIENT_ID_CONFIG, NAME);
        consumer = new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer());
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, NAME);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
        thread = new Thread(this::loop, NAME);
        thread.setDaemon(true);
    }

    /** Starts piping from the beginning of the tasks topic. */
    BarePipe start() {
        List<TopicPartition> partitions = new ArrayList<>();
        for (PartitionInfo info : consumer.partitionsFor(tasksTopic)) {
            partitions.add(new TopicPartition(tasksTopic, info.partition()));
        }
        consumer.assign(partitions);
        consumer.seekToBeginning(partitions);
        thread.start();
        return this;
    }

    private void loop() {
        try {
            while (running) {
                for (ConsumerRecord<byte[], byte[]> record :
                        consumer.poll(Duration.ofMillis(100))) {
                    RoutingDecision decision =
                            HashDecision.of(taskCodec.decode(record.value()), serverIds);
                    producer.send(
                            new ProducerRecord<>(
                                    decisionsTopic,
                                    decision.getServerId(),
                                    decisionCodec.encode(decision)));
                }
            }
        } catch (WakeupException e) {
            // closing
        } catch (Throwable e) {
            failure = e;
        } finally {
            consumer.close(Duration.ofSeconds(5));
        }
    }

    void failIfFailed() {
        if (failure != null) {
            throw new IllegalStateException("bare pipe failed: " + failure, failure);
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
        producer.close(Duration.ofSeconds(10));
    }
}
