package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.anyText;
import static io.qrouter.job.config.ValueRule.doubleIn;
import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.nonBlank;
import static io.qrouter.job.config.ValueRule.oneOf;

import io.qrouter.core.policy.PolicyName;
import java.util.Arrays;
import java.util.stream.Stream;

/**
 * Every configuration key of the job: name, default, meaning and valid values. The single source of
 * truth for parsing, validation, {@code qrouter run --help} and the README's configuration table.
 *
 * <p>Besides these, any key starting with {@code kafka.} is passed to the Kafka clients without the
 * prefix (e.g. {@code kafka.security.protocol=SASL_SSL}), and any key starting with {@code flink.}
 * to Flink's configuration (e.g. {@code flink.execution.state-recovery.path=file:///ckpt/chk-42}).
 *
 * <p>Why not Flink's {@code ConfigOption}s: each key here also carries its valid range (checked
 * before the job is built, named in every error) and generates the README table and {@code
 * config/qrouter.properties}; a {@code ConfigOption} has a type and a default but no range.
 * Operators never read keys: they get one immutable settings record each ({@link RouterSettings},
 * {@link ServerStateSettings}, {@link DsrsSettings}, {@link GaSettings}, {@link ControlSettings}),
 * durations as {@link java.time.Duration}. Duration keys keep their documented {@code .ms} names
 * and millisecond values, so existing configurations keep working.
 *
 * <p>Over 400 lines on purpose: one constant per key, each with its description, is the point of
 * the class (one declaration per key).
 */
public enum ConfigKey {
    JOB_NAME("job.name", "qrouter", nonBlank(), "Flink job name."),
    JOB_PARALLELISM(
            "job.parallelism",
            "0",
            longIn(0, 4096),
            "Default parallelism of the job's operators; 0 keeps the environment's default."),
    JOB_BUFFER_TIMEOUT_MS(
            "job.buffer-timeout.ms",
            "0",
            longIn(-1, 60_000),
            "Flink network buffer timeout: each hop between operators flushes at least this often (0: after every "
                    + "record; -1: only full buffers). Flink's default of 100 ms would add up to 100 ms per hop to "
                    + "every decision; 0 costs no flusher thread per hop (bench pipeline: less CPU per task and "
                    + "half the idle CPU of 1 ms)."),

    KAFKA_BOOTSTRAP_SERVERS(
            "kafka.bootstrap.servers",
            "localhost:9092",
            nonBlank(),
            "Kafka brokers, host:port[,host:port...]."),
    KAFKA_GROUP_ID(
            "kafka.group.id",
            "qrouter",
            nonBlank(),
            "Consumer group of the sources; offsets are committed on each completed checkpoint."),
    SOURCE_HEARTBEATS_MAX_WAIT_MS(
            "source.heartbeats-max-wait.ms",
            "20",
            longIn(0, 500),
            "How long the broker may hold a fetch of the heartbeats source to gather 64 KB (fetch.max.wait.ms with "
                    + "fetch.min.bytes 65536; kafka.* settings win); 0 answers every fetch at once. Heartbeats are "
                    + "reports of a second or more: this lets one fetch carry a large fleet's many instead of a few."),
    SOURCE_EVENTS_MAX_WAIT_MS(
            "source.server-events-max-wait.ms",
            "2",
            longIn(0, 500),
            "How long the broker may hold a fetch of the server-events source to gather 64 KB (as "
                    + "source.heartbeats-max-wait.ms). Each ENQUEUED and COMPLETED reaches the routers this much "
                    + "later at most; in exchange, a trickle of events costs the broker a fetch per wait, not one "
                    + "per few events."),
    SOURCE_STARTING_OFFSETS(
            "source.starting-offsets",
            "committed",
            oneOf("committed", "earliest", "latest"),
            "Where the sources start without a checkpoint: committed (the group's offsets, earliest when none), "
                    + "earliest or latest."),

    TOPIC_TASKS("topic.tasks", TopicNames.TASKS, nonBlank(), "Input: TaskRequest records."),
    TOPIC_SERVER_EVENTS(
            "topic.server-events",
            TopicNames.SERVER_EVENTS,
            nonBlank(),
            "Input: TaskEvent records."),
    TOPIC_HEARTBEATS(
            "topic.heartbeats", TopicNames.HEARTBEATS, nonBlank(), "Input: Heartbeat records."),
    TOPIC_DECISIONS(
            "topic.decisions",
            TopicNames.DECISIONS,
            nonBlank(),
            "Output: RoutingDecision records, keyed by server id."),
    TOPIC_SERVER_METRICS(
            "topic.server-metrics",
            TopicNames.SERVER_METRICS,
            nonBlank(),
            "Output: ServerMetrics records, keyed by server id."),
    TOPIC_HEARTBEAT_LOG(
            "topic.heartbeat-log",
            TopicNames.HEARTBEAT_LOG,
            nonBlank(),
            "Output: HeartbeatLog records, keyed by server id."),
    TOPIC_DSRS_ASSIGNMENTS(
            "topic.dsrs-assignments",
            TopicNames.DSRS_ASSIGNMENTS,
            nonBlank(),
            "Output: SlotAssignment records, keyed by service type."),
    TOPIC_DEAD_LETTER(
            "topic.dead-letter",
            TopicNames.DEAD_LETTER,
            nonBlank(),
            "Output: DeadLetter records (bad input, tasks no server could take), keyed by source topic."),
    TOPIC_CONTROL(
            "topic.control",
            TopicNames.CONTROL,
            nonBlank(),
            "Input: ControlCommand records from operators (qrouter control); writable by operators only."),
    TOPIC_CONTROL_LOG(
            "topic.control-log",
            TopicNames.CONTROL_LOG,
            nonBlank(),
            "Output: ControlLogEntry records, every control command applied or refused (with the reason), keyed by "
                    + "command id."),
    CONTROL_HMAC_SECRET(
            "control.hmac-secret",
            "",
            ValueRule.emptyOrAtLeastBytes(16),
            "Shared secret of the control commands' HMAC-SHA256 signatures; empty refuses every command. Never "
                    + "logged or printed (masked)."),
    OUTLIER_ENABLED(
            "outlier.enabled",
            "false",
            oneOf("false", "true"),
            "Outlier ejection: servers that fail tasks far more than the fleet get no tasks for a while (see the "
                    + "outlier.* keys and README, Operating qrouter)."),
    OUTLIER_CONSECUTIVE_FAILURES(
            "outlier.consecutive-failures",
            "5",
            longIn(1, 1_000_000),
            "A server whose last this many finished tasks all FAILED is ejected."),
    OUTLIER_SUCCESS_RATE_STDEV_FACTOR(
            "outlier.success-rate-stdev-factor",
            "1.9",
            doubleIn(0, true, 100, false),
            "A server whose success rate over an interval is more than this many standard deviations below the "
                    + "fleet's mean is ejected."),
    OUTLIER_SUCCESS_RATE_MINIMUM_REQUESTS(
            "outlier.success-rate-minimum-requests",
            "100",
            longIn(1, 1_000_000_000),
            "Finished tasks a server needs in an interval to count in the success-rate detector."),
    OUTLIER_SUCCESS_RATE_MINIMUM_SERVERS(
            "outlier.success-rate-minimum-servers",
            "5",
            longIn(2, 1_000_000),
            "Servers with enough finished tasks the success-rate detector needs to run."),
    OUTLIER_INTERVAL_MS(
            "outlier.interval.ms",
            "10000",
            longIn(1, 86_400_000),
            "Interval of the success-rate detector (processing time)."),
    OUTLIER_BASE_EJECTION_MS(
            "outlier.base-ejection.ms",
            "30000",
            longIn(1, 86_400_000),
            "An ejection lasts this long times the number of times the server has been ejected."),
    OUTLIER_MAX_EJECTION_SHARE(
            "outlier.max-ejection-share",
            "0.1",
            doubleIn(0, 1),
            "Never more than this share of the live servers is ejected at once."),
    OUTLIER_PANIC_THRESHOLD(
            "outlier.panic-threshold",
            "0.5",
            doubleIn(0, 1),
            "Panic mode: when fewer than this share of the live servers are healthy (not ejected), the routers "
                    + "route over every live server, ejected or not, and server-metrics say so."),
    CONTROL_MAX_AGE_MS(
            "control.max-age.ms",
            "60000",
            longIn(1_000, 86_400_000),
            "A control command issued longer ago than this (or this far in the future) is refused as a replay; so "
                    + "is a command id seen within it."),

    WATERMARK_OUT_OF_ORDERNESS_MS(
            "watermark.out-of-orderness.ms",
            "2000",
            longIn(0, 3_600_000),
            "Bounded out-of-orderness of event time: the watermark trails the largest event time seen by this much."),
    WATERMARK_IDLENESS_MS(
            "watermark.idleness.ms",
            "10000",
            longIn(0, 3_600_000),
            "A Kafka partition silent this long stops holding back the watermark; 0 never marks it idle."),
    VALIDATION_MAX_FUTURE_MS(
            "validation.max-future.ms",
            "86400000",
            longIn(0, 365L * 86_400_000),
            "Event times further than this ahead of the job's clock are dead-lettered as absurd (as are times "
                    + "before 2000-01-01)."),

    SINK_DELIVERY_GUARANTEE(
            "sink.delivery-guarantee",
            "at-least-once",
            oneOf("at-least-once", "exactly-once"),
            "at-least-once: outputs visible at once; after a restart the decisions since the last checkpoint are "
                    + "made again (consumers keep the first decision per task id); exactly-once: Kafka transactions "
                    + "committed on checkpoints (read with isolation.level=read_committed), so decisions wait for "
                    + "the next checkpoint."),
    SINK_LINGER_MS(
            "sink.linger.ms",
            "0",
            longIn(0, 60_000),
            "linger.ms of the job's Kafka producers: how long a record may wait to share a batch. 0 sends at once "
                    + "(batches still form under load)."),
    SINK_REPORTS_LINGER_MS(
            "sink.reports-linger.ms",
            "20",
            longIn(0, 60_000),
            "linger.ms of the server-metrics and heartbeat-log producers: up to a record per server and heartbeat that "
                    + "nobody waits on, so it may wait to share a batch (sending each at once costs a fleet of "
                    + "thousands of servers more CPU than its heartbeats' processing)."),
    SINK_TRANSACTIONAL_ID_PREFIX(
            "sink.transactional-id-prefix",
            "qrouter",
            nonBlank(),
            "Prefix of the Kafka transactional ids (each sink appends its topic); unique per job on a cluster."),
    SINK_TRANSACTION_TIMEOUT_MS(
            "sink.transaction-timeout.ms",
            "600000",
            longIn(1_000, 3_600_000),
            "transaction.timeout.ms of the exactly-once producers. Must not exceed the broker's "
                    + "transaction.max.timeout.ms (15 min by default; Flink's own default of 1 h is rejected) and "
                    + "must exceed the checkpoint interval."),

    CHECKPOINT_INTERVAL_MS(
            "checkpoint.interval.ms",
            "2000",
            longIn(100, 3_600_000),
            "Checkpoint interval. With exactly-once sinks, outputs become visible to read_committed consumers "
                    + "when a checkpoint completes, so this bounds the decision latency they see."),
    CHECKPOINT_DIR(
            "checkpoint.dir",
            "",
            anyText(),
            "Durable checkpoint storage (e.g. s3://bucket/qrouter or file:///data/ckpt); empty keeps the Flink "
                    + "cluster's setting (JobManager memory when none)."),
    STATE_BACKEND(
            "state.backend",
            "hashmap",
            oneOf("hashmap", "rocksdb"),
            "Keyed state on the heap (hashmap) or in embedded RocksDB (rocksdb, for state larger than memory)."),
    STATE_CACHED_SERVERS(
            "state.cached-servers",
            "4096",
            longIn(0, 1_000_000),
            "Under RocksDB, the per-server state keeps the state of this many servers that sent lifecycle events on "
                    + "the heap (the least recently used leave first) and writes their changes to RocksDB at each "
                    + "checkpoint instead of on every event: 10-14 KB of heap per server with a full 60 s "
                    + "estimator window (about 56 MB at the default). 0: every event reads and writes RocksDB. "
                    + "Ignored on the heap backend."),

    ROUTER_POLICY(
            "router.policy",
            PolicyName.HEARTBEAT_K_LIVE.configName(),
            oneOf(policyNames()),
            "Routing policy: heartbeat-k-live (JIQ first, else lowest live K: seed 000), heartbeat-k (K as of "
                    + "the last heartbeat), jiq, jsq, power-of-d, least-connections, round-robin, random, hash, or "
                    + GaSettings.GA_BATCH_POLICY
                    + " (windows of tasks assigned by the GA allocator: seed 001)."),
    ROUTER_PARALLELISM(
            "router.parallelism",
            "1",
            longIn(0, 4096),
            "Router subtasks. One router counts every decision in flight; several each own part of the idle queue "
                    + "and count only their own, so they herd a little on stale views (see the staleness "
                    + "experiment): raise it only for more decisions per second than one subtask makes. 0 uses "
                    + "job.parallelism."),
    ROUTER_POWER_OF_D("router.power-of-d", "2", longIn(1, 64), "d of the power-of-d policy."),
    ROUTER_K_WEIGHTS(
            "router.k-weights",
            "equal",
            ValueRule.loadIndexWeights(),
            "Weights alpha,sigma,r of L_Wq, W_Qt and W_v in the load index K (Eq. 53); equal = 1/3 each."),
    ROUTER_K_TIME_UNIT_MS(
            "router.k-time-unit.ms",
            RouterSettings.AUTO,
            ValueRule.orWord(RouterSettings.AUTO, longIn(1, 86_400_000)),
            "Fleet-wide reference time of the waiting times W_Qt and W_v in K: one unit of wait weighs like one "
                    + "waiting task, so K prefers a faster server holding the same tasks. auto follows the fleet's "
                    + "mean service time (N over the sum of the live servers' mu); a number fixes it in ms."),
    ROUTER_ADMISSION_MAX_LOSS_PROBABILITY(
            "router.admission.max-loss-probability",
            "off",
            ValueRule.orWord("off", doubleIn(0, true, 1, true)),
            "Loss-aware admission: a task whose best choice (the live server where it is least likely to be lost) "
                    + "would be abandoned with a predicted probability above this (M/M/1+M: n*alpha_c/(mu+n*alpha_c), "
                    + "n its tasks as the router sees them) gets a REJECTED decision at once, with the probability, "
                    + "instead of being sent to wait; off admits every task."),
    ROUTER_SLOW_START_MS(
            "router.slow-start.ms",
            "0",
            longIn(0, 3_600_000),
            "Slow start: a server that joins a running fleet, or comes back after being down, gets a share of the "
                    + "decisions ramping from a tenth to its full share over this window, instead of the burst an "
                    + "empty queue attracts; 0 turns it off."),
    ROUTER_SEED(
            "router.seed",
            "24301",
            longIn(Long.MIN_VALUE, Long.MAX_VALUE),
            "Seed of the random choices (random, power-of-d, ties); each router subtask derives its own."),
    ROUTER_BUFFER_CAPACITY(
            "router.buffer.capacity",
            "10000",
            longIn(0, 10_000_000),
            "Tasks one router subtask holds while no server is alive; beyond it tasks are dead-lettered at once."),
    ROUTER_BUFFER_DEADLINE_MS(
            "router.buffer.deadline.ms",
            "30000",
            longIn(1, 86_400_000),
            "How long a task held for want of a live server (router buffer or GA window) waits, counted from its arrival at the operator, before it is dead-lettered (processing time)."),
    ROUTER_IN_FLIGHT_TIMEOUT_MS(
            "router.in-flight-timeout.ms",
            "30000",
            longIn(100, 3_600_000),
            "How long a router counts a task it routed as in flight on its server while no update acknowledges "
                    + "the server's ENQUEUED event for it (processing time); then the entry is dropped."),

    SERVER_QUEUE_MODEL(
            "server.queue-model",
            "reneging",
            oneOf("reneging", "chain-p"),
            "Queue model behind each server's metrics and K: reneging (M/M/1+M) or chain-p (cancel and "
                    + "recover, seed 000 corrected)."),
    SERVER_ESTIMATOR_WINDOW_MS(
            "server.estimator-window.ms",
            "60000",
            longIn(1, 86_400_000),
            "Event-time window of the estimators of lambda, mu, alpha_c and eta."),
    SERVER_ESTIMATOR_BUCKETS(
            "server.estimator-buckets",
            "60",
            longIn(1, 10_000),
            "The estimator window slides in this many steps (at most: the largest divisor of the window length)."),
    SERVER_ESTIMATOR_MIN_EVENTS(
            "server.estimator-min-events",
            "20",
            longIn(1, 1_000_000),
            "Events an estimate needs in the window before it is reported (null until then)."),
    SERVER_UPDATE_COALESCE_MS(
            "server.update-coalesce.ms",
            "0",
            longIn(0, 60_000),
            "Queue changes (lifecycle events) of one server within this window reach the routers as one update; "
                    + "0 sends each at once. A server that becomes idle is reported at once either way."),
    SERVER_METRICS_REFRESH_MS(
            "server.metrics-refresh.ms",
            "30000",
            longIn(0, 86_400_000),
            "A server's server-metrics record is written on a heartbeat that changes what it shows (status, queue, "
                    + "estimates, figures, recommended or reported interval), on an administrative change, and "
                    + "at least this often while the server beats (event time); 0 writes one on every heartbeat."),
    SERVER_DOWN_TIMEOUT_MS(
            "server.down-timeout.ms",
            "5000",
            longIn(1, 86_400_000),
            "A server silent this long (processing time) is marked down and gets no tasks until it reports again."),
    SERVER_FORGET_AFTER_MS(
            "server.forget-down-after.ms",
            "600000",
            longIn(1, 30L * 86_400_000),
            "A down server's state is dropped after this long, and the routers forget it."),
    HEARTBEAT_MIN_INTERVAL_MS(
            "heartbeat.min-interval.ms",
            "250",
            longIn(1, 3_600_000),
            "Adaptive heartbeat: the interval recommended to a fully loaded server."),
    HEARTBEAT_MAX_INTERVAL_MS(
            "heartbeat.max-interval.ms",
            "2000",
            longIn(1, 3_600_000),
            "Adaptive heartbeat: the interval recommended to an idle server; at least heartbeat.min-interval.ms."),

    DSRS_SLOT_MS(
            "dsrs.slot.ms",
            "1000",
            longIn(1, 86_400_000),
            "DSRS slot length tau (event time): a slot's arrivals of one service type go to one MEC system."),
    DSRS_V(
            "dsrs.v",
            "10",
            doubleIn(0, 1e12),
            "DSRS drift-plus-penalty weight V: larger V lowers cost (O(1/V)) and raises backlog (O(V))."),
    DSRS_DEFAULT_UNIT_COST(
            "dsrs.default-unit-cost",
            "1",
            doubleIn(0, 1e12),
            "DSRS unit cost gamma of a server that dsrs.unit-costs does not list."),
    DSRS_UNIT_COSTS(
            "dsrs.unit-costs",
            "",
            ValueRule.unitCosts(),
            "DSRS unit costs gamma_ij, e.g. edge-1=0.5,video/edge-2=2 (serviceType/serverId wins over serverId)."),

    GA_ALLOCATOR(
            "ga.allocator",
            "mv-ga",
            oneOf("mv-ga", "dga", "fcfs"),
            "Allocator of router.policy=ga-batch: mean-variance GA (seed 001), plain GA, or first come first served."),
    GA_BATCH_SIZE(
            "ga.batch-size",
            "32",
            longIn(1, 100_000),
            "A GA window is assigned as soon as it holds this many tasks."),
    GA_WINDOW_MS(
            "ga.window.ms",
            "1000",
            longIn(1, 3_600_000),
            "A GA window is assigned at the latest this long (processing time) after its first task."),
    GA_LANES(
            "ga.lanes",
            "1",
            longIn(1, 4096),
            "Parallel GA batch lanes (tasks are spread over them by task id); each lane batches its own tasks."),
    GA_POPULATION("ga.population", "30", longIn(2, 10_000), "GA population size Q."),
    GA_GENERATIONS("ga.generations", "35", longIn(0, 100_000), "GA generations."),
    GA_R(
            "ga.r",
            "1.25",
            doubleIn(1, true, 1e6, false),
            "R of the adaptive threshold L_max = R * L_ave (seed 001)."),
    GA_D(
            "ga.d",
            "0.75",
            doubleIn(0, false, 1, true),
            "D of the adaptive threshold L_min = D * L_ave (seed 001)."),

    VALIDATION_MAX_ID_LENGTH(
            "validation.max-id-length",
            "256",
            longIn(1, 65_536),
            "Longest task id, server id and service type accepted, in characters; a record with a longer one is "
                    + "dead-lettered."),
    VALIDATION_MAX_TASK_KEY_LENGTH(
            "validation.max-task-key-length",
            "1024",
            longIn(1, 65_536),
            "Longest task affinity key (TaskRequest.taskKey) accepted, in characters."),
    VALIDATION_MAX_QUEUE_LENGTH(
            "validation.max-queue-length",
            "1000000",
            longIn(0, 1_000_000_000),
            "Largest queue length a heartbeat may report."),
    VALIDATION_MAX_SERVICE_RATE(
            "validation.max-service-rate",
            "1000000",
            doubleIn(0, 1e9),
            "Largest service rate (tasks per second) a heartbeat may report; it bounds every rate, capacity and "
                    + "queueing figure derived from it."),
    VALIDATION_MAX_TASK_LOAD(
            "validation.max-task-load",
            "1000000000",
            doubleIn(0, 1e15),
            "Largest load (work) a task may carry."),
    VALIDATION_MAX_HEARTBEAT_INTERVAL_MS(
            "validation.max-heartbeat-interval.ms",
            "3600000",
            longIn(1, 86_400_000),
            "Longest heartbeat interval a server may announce (a server is marked down after three silent "
                    + "intervals)."),
    DEAD_LETTER_MAX_RAW_BYTES(
            "dead-letter.max-raw-bytes",
            "1024",
            longIn(0, 65_536),
            "A dead letter keeps at most this many leading bytes of the record it stands for, with the whole "
                    + "record's length and SHA-256, so a dead letter stays small whatever arrived."),
    SINK_MAX_RECORD_BYTES(
            "sink.max-record-bytes",
            "1000000",
            longIn(16_384, 104_857_600),
            "Largest output record (key plus value bytes). A larger one is not written: a dead letter saying so "
                    + "goes to topic.dead-letter instead and the job goes on. Must be at least 1024 bytes below the "
                    + "producers' max.request.size (kafka.max.request.size, 1048576 by default); the topics' "
                    + "max.message.bytes must not be lower."),
    VALIDATION_MIN_SERVICE_RATE(
            "validation.min-service-rate",
            "0.000001",
            doubleIn(0, 1),
            "Smallest positive service rate (tasks per second) a heartbeat may report (0 is allowed: not known); "
                    + "below it the queueing figures would divide by almost nothing.");

    private final String key;
    private final String defaultValue;
    private final ValueRule rule;
    private final String description;

    ConfigKey(String key, String defaultValue, ValueRule rule, String description) {
        this.key = key;
        this.defaultValue = defaultValue;
        this.rule = rule;
        this.description = description;
    }

    /** The key as written in the properties file. */
    public String key() {
        return key;
    }

    public String defaultValue() {
        return defaultValue;
    }

    public String description() {
        return description;
    }

    /** The valid values in words. */
    public String validValues() {
        return rule.describe();
    }

    boolean accepts(String value) {
        return rule.accepts(value);
    }

    /** Every value of router.policy: the per-task policies and ga-batch. */
    public static String[] policyNames() {
        return Stream.concat(
                        Arrays.stream(PolicyName.values()).map(PolicyName::configName),
                        Stream.of(GaSettings.GA_BATCH_POLICY))
                .toArray(String[]::new);
    }

    /** The key with this name, or null. */
    static ConfigKey byName(String name) {
        for (ConfigKey k : values()) {
            if (k.key.equals(name)) {
                return k;
            }
        }
        return null;
    }
}
