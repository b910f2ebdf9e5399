package io.qrouter.job.config;

/**
 * Every configuration key of the job, in the order the docs list them: the single source of truth
 * for parsing, validation, {@code qrouter run --help} and the README's configuration table. Each
 * key's name, default, valid values and meaning are declared beside the keys of the same settings
 * ({@link PipelineKeys}, {@link ControlKeys}, {@link RouterKeys}, {@link ServerStateKeys}, {@link
 * SchedulerKeys}, {@link RecordLimitKeys}).
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
 */
public enum ConfigKey {
    JOB_NAME(PipelineKeys.JOB_NAME),
    JOB_PARALLELISM(PipelineKeys.JOB_PARALLELISM),
    JOB_BUFFER_TIMEOUT_MS(PipelineKeys.JOB_BUFFER_TIMEOUT_MS),

    KAFKA_BOOTSTRAP_SERVERS(PipelineKeys.KAFKA_BOOTSTRAP_SERVERS),
    KAFKA_GROUP_ID(PipelineKeys.KAFKA_GROUP_ID),
    SOURCE_HEARTBEATS_MAX_WAIT_MS(PipelineKeys.SOURCE_HEARTBEATS_MAX_WAIT_MS),
    SOURCE_EVENTS_MAX_WAIT_MS(PipelineKeys.SOURCE_EVENTS_MAX_WAIT_MS),
    SOURCE_STARTING_OFFSETS(PipelineKeys.SOURCE_STARTING_OFFSETS),

    TOPIC_TASKS(PipelineKeys.TOPIC_TASKS),
    TOPIC_SERVER_EVENTS(PipelineKeys.TOPIC_SERVER_EVENTS),
    TOPIC_HEARTBEATS(PipelineKeys.TOPIC_HEARTBEATS),
    TOPIC_DECISIONS(PipelineKeys.TOPIC_DECISIONS),
    TOPIC_SERVER_METRICS(PipelineKeys.TOPIC_SERVER_METRICS),
    TOPIC_HEARTBEAT_LOG(PipelineKeys.TOPIC_HEARTBEAT_LOG),
    TOPIC_DSRS_ASSIGNMENTS(PipelineKeys.TOPIC_DSRS_ASSIGNMENTS),
    TOPIC_DEAD_LETTER(PipelineKeys.TOPIC_DEAD_LETTER),
    TOPIC_CONTROL(PipelineKeys.TOPIC_CONTROL),
    TOPIC_CONTROL_LOG(PipelineKeys.TOPIC_CONTROL_LOG),
    CONTROL_HMAC_SECRET(ControlKeys.CONTROL_HMAC_SECRET),
    OUTLIER_ENABLED(ControlKeys.OUTLIER_ENABLED),
    OUTLIER_CONSECUTIVE_FAILURES(ControlKeys.OUTLIER_CONSECUTIVE_FAILURES),
    OUTLIER_SUCCESS_RATE_STDEV_FACTOR(ControlKeys.OUTLIER_SUCCESS_RATE_STDEV_FACTOR),
    OUTLIER_SUCCESS_RATE_MINIMUM_REQUESTS(ControlKeys.OUTLIER_SUCCESS_RATE_MINIMUM_REQUESTS),
    OUTLIER_SUCCESS_RATE_MINIMUM_SERVERS(ControlKeys.OUTLIER_SUCCESS_RATE_MINIMUM_SERVERS),
    OUTLIER_INTERVAL_MS(ControlKeys.OUTLIER_INTERVAL_MS),
    OUTLIER_BASE_EJECTION_MS(ControlKeys.OUTLIER_BASE_EJECTION_MS),
    OUTLIER_MAX_EJECTION_SHARE(ControlKeys.OUTLIER_MAX_EJECTION_SHARE),
    OUTLIER_PANIC_THRESHOLD(ControlKeys.OUTLIER_PANIC_THRESHOLD),
    CONTROL_MAX_AGE_MS(ControlKeys.CONTROL_MAX_AGE_MS),

    WATERMARK_OUT_OF_ORDERNESS_MS(PipelineKeys.WATERMARK_OUT_OF_ORDERNESS_MS),
    WATERMARK_IDLENESS_MS(PipelineKeys.WATERMARK_IDLENESS_MS),
    VALIDATION_MAX_FUTURE_MS(RecordLimitKeys.VALIDATION_MAX_FUTURE_MS),

    SINK_DELIVERY_GUARANTEE(PipelineKeys.SINK_DELIVERY_GUARANTEE),
    SINK_LINGER_MS(PipelineKeys.SINK_LINGER_MS),
    SINK_REPORTS_LINGER_MS(PipelineKeys.SINK_REPORTS_LINGER_MS),
    SINK_TRANSACTIONAL_ID_PREFIX(PipelineKeys.SINK_TRANSACTIONAL_ID_PREFIX),
    SINK_TRANSACTION_TIMEOUT_MS(PipelineKeys.SINK_TRANSACTION_TIMEOUT_MS),

    CHECKPOINT_INTERVAL_MS(PipelineKeys.CHECKPOINT_INTERVAL_MS),
    CHECKPOINT_DIR(PipelineKeys.CHECKPOINT_DIR),
    STATE_BACKEND(PipelineKeys.STATE_BACKEND),
    STATE_CACHED_SERVERS(PipelineKeys.STATE_CACHED_SERVERS),

    ROUTER_POLICY(RouterKeys.ROUTER_POLICY),
    ROUTER_PARALLELISM(RouterKeys.ROUTER_PARALLELISM),
    ROUTER_PLACEMENT(RouterKeys.ROUTER_PLACEMENT),
    ROUTER_POWER_OF_D(RouterKeys.ROUTER_POWER_OF_D),
    ROUTER_PREQUAL_POOL_SIZE(RouterKeys.ROUTER_PREQUAL_POOL_SIZE),
    ROUTER_PREQUAL_PROBES_PER_TASK(RouterKeys.ROUTER_PREQUAL_PROBES_PER_TASK),
    ROUTER_PREQUAL_Q_RIF(RouterKeys.ROUTER_PREQUAL_Q_RIF),
    ROUTER_PREQUAL_MAX_AGE_MS(RouterKeys.ROUTER_PREQUAL_MAX_AGE_MS),
    ROUTER_PREQUAL_MAX_USES(RouterKeys.ROUTER_PREQUAL_MAX_USES),
    ROUTER_K_WEIGHTS(RouterKeys.ROUTER_K_WEIGHTS),
    ROUTER_K_TIME_UNIT_MS(RouterKeys.ROUTER_K_TIME_UNIT_MS),
    ROUTER_ADMISSION_MAX_LOSS_PROBABILITY(RouterKeys.ROUTER_ADMISSION_MAX_LOSS_PROBABILITY),
    ROUTER_SLOW_START_MS(RouterKeys.ROUTER_SLOW_START_MS),
    ROUTER_SEED(RouterKeys.ROUTER_SEED),
    ROUTER_BUFFER_CAPACITY(RouterKeys.ROUTER_BUFFER_CAPACITY),
    ROUTER_BUFFER_DEADLINE_MS(RouterKeys.ROUTER_BUFFER_DEADLINE_MS),
    ROUTER_IN_FLIGHT_TIMEOUT_MS(RouterKeys.ROUTER_IN_FLIGHT_TIMEOUT_MS),
    ROUTER_ACK_TIMEOUT_MS(RouterKeys.ROUTER_ACK_TIMEOUT_MS),
    ROUTER_ACK_EJECTION_MS(RouterKeys.ROUTER_ACK_EJECTION_MS),
    ROUTER_REDECIDE_UNACKNOWLEDGED(RouterKeys.ROUTER_REDECIDE_UNACKNOWLEDGED),

    SERVER_QUEUE_MODEL(ServerStateKeys.SERVER_QUEUE_MODEL),
    SERVER_ESTIMATOR_WINDOW_MS(ServerStateKeys.SERVER_ESTIMATOR_WINDOW_MS),
    SERVER_ESTIMATOR_BUCKETS(ServerStateKeys.SERVER_ESTIMATOR_BUCKETS),
    SERVER_ESTIMATOR_MIN_EVENTS(ServerStateKeys.SERVER_ESTIMATOR_MIN_EVENTS),
    SERVER_UPDATE_COALESCE_MS(ServerStateKeys.SERVER_UPDATE_COALESCE_MS),
    SERVER_METRICS_REFRESH_MS(ServerStateKeys.SERVER_METRICS_REFRESH_MS),
    SERVER_DOWN_TIMEOUT_MS(ServerStateKeys.SERVER_DOWN_TIMEOUT_MS),
    SERVER_FORGET_AFTER_MS(ServerStateKeys.SERVER_FORGET_AFTER_MS),
    HEARTBEAT_MIN_INTERVAL_MS(ServerStateKeys.HEARTBEAT_MIN_INTERVAL_MS),
    HEARTBEAT_MAX_INTERVAL_MS(ServerStateKeys.HEARTBEAT_MAX_INTERVAL_MS),
    SERVER_ADMISSION(AdmissionKeys.SERVER_ADMISSION),
    SERVER_ALLOW_LIST(AdmissionKeys.SERVER_ALLOW_LIST),
    SERVER_HMAC_SECRET(AdmissionKeys.SERVER_HMAC_SECRET),

    DSRS_SLOT_MS(SchedulerKeys.DSRS_SLOT_MS),
    DSRS_V(SchedulerKeys.DSRS_V),
    DSRS_DEFAULT_UNIT_COST(SchedulerKeys.DSRS_DEFAULT_UNIT_COST),
    DSRS_UNIT_COSTS(SchedulerKeys.DSRS_UNIT_COSTS),

    GA_ALLOCATOR(SchedulerKeys.GA_ALLOCATOR),
    GA_BATCH_SIZE(SchedulerKeys.GA_BATCH_SIZE),
    GA_WINDOW_MS(SchedulerKeys.GA_WINDOW_MS),
    GA_LANES(SchedulerKeys.GA_LANES),
    GA_POPULATION(SchedulerKeys.GA_POPULATION),
    GA_GENERATIONS(SchedulerKeys.GA_GENERATIONS),
    GA_R(SchedulerKeys.GA_R),
    GA_D(SchedulerKeys.GA_D),

    VALIDATION_MAX_ID_LENGTH(RecordLimitKeys.VALIDATION_MAX_ID_LENGTH),
    VALIDATION_MAX_TASK_KEY_LENGTH(RecordLimitKeys.VALIDATION_MAX_TASK_KEY_LENGTH),
    VALIDATION_MAX_QUEUE_LENGTH(RecordLimitKeys.VALIDATION_MAX_QUEUE_LENGTH),
    VALIDATION_MAX_SERVICE_RATE(RecordLimitKeys.VALIDATION_MAX_SERVICE_RATE),
    VALIDATION_MAX_TASK_LOAD(RecordLimitKeys.VALIDATION_MAX_TASK_LOAD),
    VALIDATION_MAX_HEARTBEAT_INTERVAL_MS(RecordLimitKeys.VALIDATION_MAX_HEARTBEAT_INTERVAL_MS),
    DEAD_LETTER_MAX_RAW_BYTES(RecordLimitKeys.DEAD_LETTER_MAX_RAW_BYTES),
    SINK_MAX_RECORD_BYTES(RecordLimitKeys.SINK_MAX_RECORD_BYTES),
    VALIDATION_MIN_SERVICE_RATE(RecordLimitKeys.VALIDATION_MIN_SERVICE_RATE);

    private final KeySpec spec;

    ConfigKey(KeySpec spec) {
        this.spec = spec;
    }

    /** The key as written in the properties file. */
    public String key() {
        return spec.key();
    }

    public String defaultValue() {
        return spec.defaultValue();
    }

    public String description() {
        return spec.description();
    }

    /** The valid values in words. */
    public String validValues() {
        return spec.rule().describe();
    }

    boolean accepts(String value) {
        return spec.rule().accepts(value);
    }

    /** The key with this name, or null. */
    static ConfigKey byName(String name) {
        for (ConfigKey k : values()) {
            if (k.key().equals(name)) {
                return k;
            }
        }
        return null;
    }
}
