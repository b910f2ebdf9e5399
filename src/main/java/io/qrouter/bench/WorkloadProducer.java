package io.qrouter.bench;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.fleet.VirtualFleet;
import java.time.Duration;
import java.time.Instant;
import java.util.Properties;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Writes a {@link VirtualFleet}'s records to a run's input topics as the fleet would (Avro values,
 * key = task id or server id). With {@link SendTimes} it notes when each task was handed to the
 * producer, for the latency probe.
 */
final class WorkloadProducer implements VirtualFleet.Output, AutoCloseable {
    static final String TAIL_SERVER = "tail";
    private final BenchTopics topics;
    private final KafkaProducer<String, byte[]> producer;
    private final SendTimes sendTimes;
    private final AvroCodec<TaskRequest> taskCodec = AvroCodec.of(TaskRequest.class);
    private final AvroCodec<TaskEvent> eventCodec = AvroCodec.of(TaskEvent.class);
    private final AvroCodec<Heartbeat> heartbeatCodec = AvroCodec.of(Heartbeat.class);
    // written by one thread (the player's or the preloader's), read by others
    private volatile long tasks;
    private volatile long events;
    private volatile long heartbeats;

    /**
     * @param lingerMillis the producer's linger: 0 for live play (every record at once), more to
     *     preload fast
     * @param sendTimes where task send times go, or null
     */
    WorkloadProducer(
            String bootstrapServers, BenchTopics topics, long lingerMillis, SendTimes sendTimes) {
        this.topics = topics;
        this.sendTimes = sendTimes;
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(
                ProducerConfig.CLIENT_ID_CONFIG,
                ThreadCpu.BENCH_MARK + "workload-" + topics.prefix());
        p.put(ProducerConfig.LINGER_MS_CONFIG, Long.toString(lingerMillis));
        p.put(ProducerConfig.BATCH_SIZE_CONFIG, lingerMillis > 0 ? "262144" : "16384");
        this.producer = new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }

    @Override
    public void task(TaskRequest task) {
        if (sendTimes != null) {
            sendTimes.sent(task.getTaskId());
        }
        producer.send(
                new ProducerRecord<>(topics.tasks(), task.getTaskId(), taskCodec.encode(task)));
        tasks++;
    }

    @Override
    public void event(TaskEvent event) {
        producer.send(
                new ProducerRecord<>(
                        topics.serverEvents(), event.getServerId(), eventCodec.encode(event)));
        events++;
    }

    @Override
    public void heartbeat(Heartbeat heartbeat) {
        producer.send(
                new ProducerRecord<>(
                        topics.heartbeats(),
                        heartbeat.getServerId(),
                        heartbeatCodec.encode(heartbeat)));
        heartbeats++;
    }

    /**
     * One record at {@code atMillis} in every partition of each input topic: a task {@code
     * tail-<p>}, and a heartbeat and an (unmatched) STARTED event of a server {@code tail} that
     * reports no service rate, so it takes no task. Once the job has read them, every source's
     * watermark has passed everything before them.
     */
    void tail(int partitions, long atMillis) {
        Instant at = Instant.ofEpochMilli(atMillis);
        for (int p = 0; p < partitions; p++) {
            String taskId = "tail-" + p;
            producer.send(
                    new ProducerRecord<>(
                            topics.tasks(),
                            p,
                            taskId,
                            taskCodec.encode(
                                    TaskRequest.newBuilder()
                                            .setTaskId(taskId)
                                            .setCreatedAt(at)
                                            .build())));
            producer.send(
                    new ProducerRecord<>(
                            topics.serverEvents(),
                            p,
                            TAIL_SERVER,
                            eventCodec.encode(
                                    TaskEvent.newBuilder()
                                            .setServerId(TAIL_SERVER)
                                            .setTaskId(taskId)
                                            .setType(TaskEventType.STARTED)
                                            .setEventTime(at)
                                            .build())));
            producer.send(
                    new ProducerRecord<>(
                            topics.heartbeats(),
                            p,
                            TAIL_SERVER,
                            heartbeatCodec.encode(
                                    Heartbeat.newBuilder()
                                            .setServerId(TAIL_SERVER)
                                            .setSentAt(at)
                                            .setQueueLength(0)
                                            .setBusy(false)
                                            .setServiceRatePerSecond(0)
                                            .setCpu(0)
                                            .setIntervalMillis(1000)
                                            .setLeaving(false)
                                            .build())));
            tasks++;
        }
    }

    long tasks() {
        return tasks;
    }

    long events() {
        return events;
    }

    long heartbeats() {
        return heartbeats;
    }

    void flush() {
        producer.flush();
    }

    @Override
    public void close() {
        producer.close(Duration.ofSeconds(10));
    }
}
