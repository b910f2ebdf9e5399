package io.qrouter.bench;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.serde.AvroCodec;
import java.time.Duration;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.ConsumerRecords;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * The physical limit the job is measured against: one thread that reads tasks with a read_committed
 * consumer, decodes each, picks a server by a hash of its id, encodes a {@link RoutingDecision} and
 * produces it (key = server id, linger 0 like the job's sinks). Nothing is kept per task. With
 * {@link BareReads#WORKLOAD} it also reads and decodes every lifecycle event and heartbeat, and
 * drops them. Its thread and its producer's network thread are named {@value #NAME} so that the
 * benchmark charges their CPU to it.
 */
final class BarePipe implements AutoCloseable {
    static final String NAME = "bare-pipe";

    private final BenchTopics inputs;
    private final BareReads reads;
    private final String decisionsTopic;
    private final EndOfInput endOfInput;
    private final List<String> serverIds;
    private final PolledConsumer reader;
    private final KafkaProducer<String, byte[]> producer;
    private final AvroCodec<TaskRequest> taskCodec = AvroCodec.of(TaskRequest.class);
    private final AvroCodec<RoutingDecision> decisionCodec = AvroCodec.of(RoutingDecision.class);
    private final AvroCodec<TaskEvent> eventCodec = AvroCodec.of(TaskEvent.class);
    private final AvroCodec<Heartbeat> heartbeatCodec = AvroCodec.of(Heartbeat.class);

    /**
     * Every input partition's end offset when the pipe started (what {@link EndOfInput} awaits).
     */
    private Map<TopicPartition, Long> endOffsets;

    private boolean endMarked;

    // written by the pipe's thread once per poll, read by others
    private volatile long recordsRead;

    /**
     * A record the pipe produces once it has read every input partition to the end offset it had
     * when the pipe started: the end of a preloaded workload.
     */
    record EndOfInput(String topic, byte[] marker) {}

    /**
     * @param endOfInput null: none (a live relay)
     */
    BarePipe(
            String bootstrapServers,
            BenchTopics inputs,
            BareReads reads,
            String decisionsTopic,
            List<String> serverIds,
            EndOfInput endOfInput) {
        this.inputs = inputs;
        this.reads = reads;
        this.decisionsTopic = decisionsTopic;
        this.endOfInput = endOfInput;
        this.serverIds = List.copyOf(serverIds);
        reader =
                new PolledConsumer(
                        "bare pipe", bootstrapServers, NAME, NAME, Map.of(), this::pipeBatch);
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, NAME);
        p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
        producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    /** Starts piping from the beginning of its input topics. */
    BarePipe start() {
        List<TopicPartition> partitions = reader.assignFromBeginning(topics());
        endOffsets = reader.consumer().endOffsets(partitions);
        reader.start();
        return this;
    }

    private List<String> topics() {
        return reads == BareReads.WORKLOAD
                ? List.of(inputs.tasks(), inputs.serverEvents(), inputs.heartbeats())
                : List.of(inputs.tasks());
    }

    /** One batch, on the reader's thread. */
    private void pipeBatch(ConsumerRecords<byte[], byte[]> records) {
        for (ConsumerRecord<byte[], byte[]> record : records) {
            pipe(record);
        }
        recordsRead += records.count();
        if (endOfInput != null && !endMarked && readToEnd()) {
            producer.send(new ProducerRecord<>(endOfInput.topic(), null, endOfInput.marker()));
            endMarked = true;
        }
    }

    private void pipe(ConsumerRecord<byte[], byte[]> record) {
        String topic = record.topic();
        if (topic.equals(inputs.tasks())) {
            RoutingDecision decision = HashDecision.of(taskCodec.decode(record.value()), serverIds);
            producer.send(
                    new ProducerRecord<>(
                            decisionsTopic,
                            decision.getServerId(),
                            decisionCodec.encode(decision)));
        } else if (topic.equals(inputs.serverEvents())) {
            eventCodec.decode(record.value());
        } else {
            heartbeatCodec.decode(record.value());
        }
    }

    private boolean readToEnd() {
        for (Map.Entry<TopicPartition, Long> end : endOffsets.entrySet()) {
            if (reader.consumer().position(end.getKey()) < end.getValue()) {
                return false;
            }
        }
        return true;
    }

    /** Input records read so far, of every topic it reads. */
    long recordsRead() {
        return recordsRead;
    }

    void failIfFailed() {
        reader.failIfFailed();
    }

    @Override
    public void close() {
        reader.close();
        producer.close(Duration.ofSeconds(10));
    }
}
