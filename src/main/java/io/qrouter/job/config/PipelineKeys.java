package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.anyText;
import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.nonBlank;
import static io.qrouter.job.config.ValueRule.oneOf;

/**
 * The keys that wire the job to Flink and Kafka: its name and parallelism, the sources, the topics,
 * event time, the sinks, checkpoints and state. Listed in the docs as {@link ConfigKey} orders
 * them.
 */
final class PipelineKeys {
    static final KeySpec JOB_NAME =
            new KeySpec("job.name", "qrouter", nonBlank(), "Flink job name.");

    static final KeySpec JOB_PARALLELISM =
            new KeySpec(
                    "job.parallelism",
                    "0",
                    longIn(0, 4096),
                    "Default parallelism of the job's operators; 0 keeps the environment's default.");

    static final KeySpec JOB_BUFFER_TIMEOUT_MS =
            new KeySpec(
                    "job.buffer-timeout.ms",
                    "0",
                    longIn(-1, 60_000),
                    "Flink network buffer timeout: each hop between operators flushes at least this often (0: after every "
                            + "record; -1: only full buffers). Flink's default of 100 ms would add up to 100 ms per hop to "
                            + "every decision; 0 costs no flusher thread per hop (bench pipeline: less CPU per task and "
                            + "half the idle CPU of 1 ms).");

    static final KeySpec KAFKA_BOOTSTRAP_SERVERS =
            new KeySpec(
                    "kafka.bootstrap.servers",
                    "localhost:9092",
                    nonBlank(),
                    "Kafka brokers, host:port[,host:port...].");

    static final KeySpec KAFKA_GROUP_ID =
            new KeySpec(
                    "kafka.group.id",
                    "qrouter",
                    nonBlank(),
                    "Consumer group of the sources; offsets are committed on each completed checkpoint.");

    static final KeySpec SOURCE_HEARTBEATS_MAX_WAIT_MS =
            new KeySpec(
                    "source.heartbeats-max-wait.ms",
                    "20",
                    longIn(0, 500),
                    "How long the broker may hold a fetch of the heartbeats source to gather 64 KB (fetch.max.wait.ms with "
                            + "fetch.min.bytes 65536; kafka.* settings win); 0 answers every fetch at once. Heartbeats are "
                            + "reports of a second or more: this lets one fetch carry a large fleet's many instead of a few.");

    static final KeySpec SOURCE_EVENTS_MAX_WAIT_MS =
            new KeySpec(
                    "source.server-events-max-wait.ms",
                    "2",
                    longIn(0, 500),
                    "How long the broker may hold a fetch of the server-events source to gather 64 KB (as "
                            + "source.heartbeats-max-wait.ms). Each ENQUEUED and COMPLETED reaches the routers this much "
                            + "later at most; in exchange, a busy source costs the broker a fetch per wait, not one per few "
                            + "events (at 2,000 tasks/s on 2 cores, 0.14 fewer cores). At a few hundred tasks/s, 0 routes "
                            + "on fresher updates and an idle source polls every 500 ms instead (docs/performance.md).");

    static final KeySpec SOURCE_STARTING_OFFSETS =
            new KeySpec(
                    "source.starting-offsets",
                    "committed",
                    oneOf("committed", "earliest", "latest"),
                    "Where the sources start without a checkpoint: committed (the group's offsets, earliest when none), "
                            + "earliest or latest.");

    static final KeySpec TOPIC_TASKS =
            new KeySpec("topic.tasks", TopicNames.TASKS, nonBlank(), "Input: TaskRequest records.");

    static final KeySpec TOPIC_SERVER_EVENTS =
            new KeySpec(
                    "topic.server-events",
                    TopicNames.SERVER_EVENTS,
                    nonBlank(),
                    "Input: TaskEvent records.");

    static final KeySpec TOPIC_HEARTBEATS =
            new KeySpec(
                    "topic.heartbeats",
                    TopicNames.HEARTBEATS,
                    nonBlank(),
                    "Input: Heartbeat records.");

    static final KeySpec TOPIC_DECISIONS =
            new KeySpec(
                    "topic.decisions",
                    TopicNames.DECISIONS,
                    nonBlank(),
                    "Output: RoutingDecision records, keyed by server id.");

    static final KeySpec TOPIC_SERVER_METRICS =
            new KeySpec(
                    "topic.server-metrics",
                    TopicNames.SERVER_METRICS,
                    nonBlank(),
                    "Output: ServerMetrics records, keyed by server id.");

    static final KeySpec TOPIC_HEARTBEAT_LOG =
            new KeySpec(
                    "topic.heartbeat-log",
                    TopicNames.HEARTBEAT_LOG,
                    nonBlank(),
                    "Output: HeartbeatLog records, keyed by server id.");

    static final KeySpec TOPIC_DSRS_ASSIGNMENTS =
            new KeySpec(
                    "topic.dsrs-assignments",
                    TopicNames.DSRS_ASSIGNMENTS,
                    nonBlank(),
                    "Output: SlotAssignment records, keyed by service type.");

    static final KeySpec TOPIC_DEAD_LETTER =
            new KeySpec(
                    "topic.dead-letter",
                    TopicNames.DEAD_LETTER,
                    nonBlank(),
                    "Output: DeadLetter records (bad input, tasks no server could take), keyed by source topic.");

    static final KeySpec TOPIC_CONTROL =
            new KeySpec(
                    "topic.control",
                    TopicNames.CONTROL,
                    nonBlank(),
                    "Input: ControlCommand records from operators (qrouter control); writable by operators only.");

    static final KeySpec TOPIC_CONTROL_LOG =
            new KeySpec(
                    "topic.control-log",
                    TopicNames.CONTROL_LOG,
                    nonBlank(),
                    "Output: ControlLogEntry records, every control command applied or refused (with the reason), keyed by "
                            + "command id.");

    static final KeySpec WATERMARK_OUT_OF_ORDERNESS_MS =
            new KeySpec(
                    "watermark.out-of-orderness.ms",
                    "2000",
                    longIn(0, 3_600_000),
                    "Bounded out-of-orderness of event time: the watermark trails the largest event time seen by this much.");

    static final KeySpec WATERMARK_IDLENESS_MS =
            new KeySpec(
                    "watermark.idleness.ms",
                    "10000",
                    longIn(0, 3_600_000),
                    "A Kafka partition silent this long stops holding back the watermark; 0 never marks it idle.");

    static final KeySpec SINK_DELIVERY_GUARANTEE =
            new KeySpec(
                    "sink.delivery-guarantee",
                    "at-least-once",
                    oneOf("at-least-once", "exactly-once"),
                    "at-least-once: outputs visible at once; after a restart the decisions since the last checkpoint are "
                            + "made again (consumers keep the first decision per task id); exactly-once: Kafka transactions "
                            + "committed on checkpoints (read with isolation.level=read_committed), so decisions wait for "
                            + "the next checkpoint.");

    static final KeySpec SINK_LINGER_MS =
            new KeySpec(
                    "sink.linger.ms",
                    "0",
                    longIn(0, 60_000),
                    "linger.ms of the job's Kafka producers: how long a record may wait to share a batch. 0 sends at once "
                            + "(batches still form under load).");

    static final KeySpec SINK_REPORTS_LINGER_MS =
            new KeySpec(
                    "sink.reports-linger.ms",
                    "20",
                    longIn(0, 60_000),
                    "linger.ms of the server-metrics and heartbeat-log producers: up to a record per server and heartbeat that "
                            + "nobody waits on, so it may wait to share a batch (sending each at once costs a fleet of "
                            + "thousands of servers more CPU than its heartbeats' processing).");

    static final KeySpec SINK_TRANSACTIONAL_ID_PREFIX =
            new KeySpec(
                    "sink.transactional-id-prefix",
                    "qrouter",
                    nonBlank(),
                    "Prefix of the Kafka transactional ids (each sink appends its topic); unique per job on a cluster.");

    static final KeySpec SINK_TRANSACTION_TIMEOUT_MS =
            new KeySpec(
                    "sink.transaction-timeout.ms",
                    "600000",
                    longIn(1_000, 3_600_000),
                    "transaction.timeout.ms of the exactly-once producers. Must not exceed the broker's "
                            + "transaction.max.timeout.ms (15 min by default; Flink's own default of 1 h is rejected) and "
                            + "must exceed the checkpoint interval.");

    static final KeySpec CHECKPOINT_INTERVAL_MS =
            new KeySpec(
                    "checkpoint.interval.ms",
                    "2000",
                    longIn(100, 3_600_000),
                    "Checkpoint interval. With exactly-once sinks, outputs become visible to read_committed consumers "
                            + "when a checkpoint completes, so this bounds the decision latency they see.");

    static final KeySpec CHECKPOINT_DIR =
            new KeySpec(
                    "checkpoint.dir",
                    "",
                    anyText(),
                    "Durable checkpoint storage (e.g. s3://bucket/qrouter or file:///data/ckpt); empty keeps the Flink "
                            + "cluster's setting (JobManager memory when none).");

    static final KeySpec STATE_BACKEND =
            new KeySpec(
                    "state.backend",
                    "hashmap",
                    oneOf("hashmap", "rocksdb"),
                    "Keyed state on the heap (hashmap) or in embedded RocksDB (rocksdb, for state larger than memory).");

    static final KeySpec STATE_CACHED_SERVERS =
            new KeySpec(
                    "state.cached-servers",
                    "4096",
                    longIn(0, 1_000_000),
                    "Under RocksDB, the per-server state keeps the state of this many servers that sent lifecycle events on "
                            + "the heap (the least recently used leave first) and writes their changes to RocksDB at each "
                            + "checkpoint instead of on every event: 10-14 KB of heap per server with a full 60 s "
                            + "estimator window (about 56 MB at the default). 0: every event reads and writes RocksDB. "
                            + "Ignored on the heap backend.");

    private PipelineKeys() {}
}
