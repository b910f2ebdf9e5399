package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.fleet.VirtualFleet;
import io.qrouter.tools.kafka.EmbeddedKafka;
import io.qrouter.tools.kafka.TopicReader;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Properties;
import java.util.concurrent.TimeUnit;
import java.util.function.Predicate;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.common.TopicPartition;
import org.apache.kafka.common.serialization.ByteArrayDeserializer;
import org.junit.jupiter.api.AfterAll;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;

/**
 * The bare pipe on a real broker: what it reads ({@code --bare tasks} or {@code workload}), the
 * decisions it writes, and the end of a preloaded workload it marks.
 */
@Timeout(value = 120, unit = TimeUnit.SECONDS)
class BarePipeIT {
    private static final int TASKS = 600;

    private static EmbeddedKafka kafka;
    private static BenchTopics inputs;
    private static VirtualFleet fleet;
    private static List<TaskRequest> tasks;
    private static long records;

    @BeforeAll
    static void preload() {
        kafka = EmbeddedKafka.start();
        inputs = new BenchTopics("in").create(kafka.bootstrapServers(), 3);
        fleet =
                new VirtualFleet(
                        new VirtualFleet.Settings(4, 200, 0.8, 0.5, 2.0, 1000, 7, "bare-it"),
                        System.currentTimeMillis() - 60_000);
        tasks = new ArrayList<>();
        try (WorkloadProducer producer =
                new WorkloadProducer(kafka.bootstrapServers(), inputs, 5, null)) {
            fleet.emitTasks(
                    TASKS,
                    new VirtualFleet.Output() {
                        @Override
                        public void task(TaskRequest task) {
                            tasks.add(task);
                            producer.task(task);
                        }

                        @Override
                        public void event(TaskEvent event) {
                            producer.event(event);
                        }

                        @Override
                        public void heartbeat(Heartbeat heartbeat) {
                            producer.heartbeat(heartbeat);
                        }
                    });
            producer.flush();
            records = producer.tasks() + producer.events() + producer.heartbeats();
            assertThat(producer.events()).isGreaterThan(producer.tasks());
        }
    }

    @AfterAll
    static void stop() {
        kafka.close();
    }

    @Test
    void readingTheWholeWorkloadMarksItsEndOnceEveryInputIsRead() throws Exception {
        BenchTopics outputs = new BenchTopics("workload").create(kafka.bootstrapServers(), 3);
        byte[] marker =
                AvroCodec.of(SlotAssignment.class)
                        .encode(ClosedSlots.marker(42, Instant.EPOCH, Instant.EPOCH));
        try (BarePipe pipe =
                new BarePipe(
                                kafka.bootstrapServers(),
                                inputs,
                                BareReads.WORKLOAD,
                                outputs.decisions(),
                                fleet.serverIds(),
                                new BarePipe.EndOfInput(outputs.dsrsAssignments(), marker))
                        .start()) {
            List<byte[]> markers = readUntil(outputs.dsrsAssignments(), found -> found.size() >= 1);
            long readWhenMarked = pipe.recordsRead();
            pipe.failIfFailed();

            assertThat(markers).hasSize(1);
            assertThat(AvroCodec.of(SlotAssignment.class).decode(markers.get(0)).getSlot())
                    .isEqualTo(42);
            assertThat(readWhenMarked).isEqualTo(records);
            assertHashDecisions(outputs);
            // still one marker, now that every decision is out
            assertThat(recordCount(outputs.dsrsAssignments())).isEqualTo(1);
        }
    }

    @Test
    void readingTasksOnlyReadsNothingElse() throws Exception {
        BenchTopics outputs = new BenchTopics("tasks").create(kafka.bootstrapServers(), 3);
        try (BarePipe pipe =
                new BarePipe(
                                kafka.bootstrapServers(),
                                inputs,
                                BareReads.TASKS,
                                outputs.decisions(),
                                fleet.serverIds(),
                                null)
                        .start()) {
            assertHashDecisions(outputs);
            // the decisions are out, so every task was read; nothing else is there to read
            Thread.sleep(500);
            pipe.failIfFailed();
            assertThat(pipe.recordsRead()).isEqualTo(tasks.size());
        }
    }

    @Test
    void theOptionNamesItsValues() {
        assertThat(BareReads.of("workload")).isEqualTo(BareReads.WORKLOAD);
        assertThatThrownBy(() -> BareReads.of("all"))
                .hasMessage("--bare must be tasks or workload (got all)");
    }

    /** One decision per task, to the server a stable hash of its id picks. */
    private static void assertHashDecisions(BenchTopics outputs) throws Exception {
        AvroCodec<RoutingDecision> codec = AvroCodec.of(RoutingDecision.class);
        List<byte[]> decisions =
                readUntil(outputs.decisions(), found -> found.size() >= tasks.size());
        Map<String, String> serverByTask = new HashMap<>();
        for (byte[] value : decisions) {
            RoutingDecision decision = codec.decode(value);
            serverByTask.put(decision.getTaskId(), decision.getServerId());
        }
        assertThat(decisions).hasSize(tasks.size());
        assertThat(recordCount(outputs.decisions())).isEqualTo(tasks.size());
        for (TaskRequest task : tasks) {
            assertThat(serverByTask.get(task.getTaskId()))
                    .as(task.getTaskId())
                    .isEqualTo(HashDecision.of(task, fleet.serverIds()).getServerId());
        }
    }

    /** Every record of {@code topic} from its start, once {@code enough} holds. */
    private static List<byte[]> readUntil(String topic, Predicate<List<byte[]>> enough)
            throws Exception {
        return TopicReader.readCommitted(
                kafka.bootstrapServers(),
                topic,
                value -> value,
                Duration.ofSeconds(60),
                enough,
                () -> {});
    }

    /**
     * How many records {@code topic} holds (its end offsets: nothing here writes transactions), so
     * that a record written after the ones read back, a second marker or a duplicate, shows.
     */
    private static long recordCount(String topic) {
        Properties c = new Properties();
        c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
        try (KafkaConsumer<byte[], byte[]> consumer =
                new KafkaConsumer<>(c, new ByteArrayDeserializer(), new ByteArrayDeserializer())) {
            List<TopicPartition> partitions =
                    consumer.partitionsFor(topic).stream()
                            .map(p -> new TopicPartition(topic, p.partition()))
                            .toList();
            return consumer.endOffsets(partitions).values().stream()
                    .mapToLong(Long::longValue)
                    .sum();
        }
    }
}
