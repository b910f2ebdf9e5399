package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.control.ControlState;
import io.qrouter.job.config.ConfigException;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.functions.AdminMetricsFunction;
import io.qrouter.job.functions.AdminStamp;
import io.qrouter.job.functions.BroadcastStates;
import io.qrouter.job.functions.ControlAuthFunction;
import io.qrouter.job.functions.ControlFunction;
import io.qrouter.job.functions.CountDeadLetters;
import io.qrouter.job.functions.DsrsArrivalCounter;
import io.qrouter.job.functions.DsrsSlotFunction;
import io.qrouter.job.functions.GaBatchFunction;
import io.qrouter.job.functions.OutlierStatsFunction;
import io.qrouter.job.functions.RouterFunction;
import io.qrouter.job.functions.ServerStateFunction;
import io.qrouter.job.functions.ServerStateOperator;
import io.qrouter.job.functions.SplitDeadLetters;
import io.qrouter.job.kafka.KafkaConnectors;
import io.qrouter.job.records.DeadLetters;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.SlotArrivals;
import java.time.Duration;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.api.java.typeutils.EitherTypeInfo;
import org.apache.flink.configuration.CheckpointingOptions;
import org.apache.flink.configuration.Configuration;
import org.apache.flink.configuration.CoreOptions;
import org.apache.flink.configuration.ExecutionOptions;
import org.apache.flink.configuration.ExternalizedCheckpointRetention;
import org.apache.flink.configuration.PipelineOptions;
import org.apache.flink.configuration.StateBackendOptions;
import org.apache.flink.core.execution.CheckpointingMode;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.streaming.api.datastream.BroadcastStream;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.types.Either;
import org.apache.flink.util.function.SerializableFunction;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The qrouter Flink job. {@link #main} is the entry point for {@code flink run -c
 * io.qrouter.job.QrouterJob} (and {@code qrouter run}); {@link #buildPipeline} puts the production
 * pipeline on any environment (the demo's MiniCluster); {@link #defineWorkflow} is the topology
 * itself, with sources and sinks as parameters.
 */
public final class QrouterJob {
    private static final Logger LOG = LoggerFactory.getLogger(QrouterJob.class);

    private QrouterJob() {}

    /**
     * Arguments: {@code [--config FILE] [--set key=value ...]}. A bad configuration throws a {@link
     * ConfigException} naming the key: never {@code System.exit}, since under a cluster's REST
     * submission {@code main} runs inside the JobManager, which the exit would bring down.
     */
    public static void main(String[] args) throws Exception {
        run(JobConfig.fromArguments(args));
    }

    /**
     * Runs the job in the current environment (a cluster under {@code flink run}, else a local
     * MiniCluster).
     */
    public static void run(JobConfig config) throws Exception {
        StreamExecutionEnvironment env = StreamExecutionEnvironment.getExecutionEnvironment();
        buildPipeline(env, config);
        env.execute(config.get(ConfigKey.JOB_NAME));
    }

    /**
     * Configures {@code env} from {@code config} and adds the whole job to it: Kafka in, Kafka out.
     */
    public static void buildPipeline(StreamExecutionEnvironment env, JobConfig config) {
        LOG.info("qrouter configuration (secrets masked):\n{}", config);
        configureEnvironment(env, config);
        defineWorkflow(env, config, KafkaConnectors.sources(config), KafkaConnectors.sinks(config));
    }

    /**
     * Checkpointing, state backend, parallelism and the network buffer timeout from {@code config},
     * then the {@code flink.*} pass-through, which wins over them.
     */
    public static void configureEnvironment(StreamExecutionEnvironment env, JobConfig config) {
        env.configure(flinkConfiguration(config));
    }

    /**
     * The Flink options the job sets: qrouter's keys first, then every {@code flink.*} key as
     * given.
     */
    static Configuration flinkConfiguration(JobConfig config) {
        Configuration flink = new Configuration();
        flink.set(StateBackendOptions.STATE_BACKEND, config.choice(ConfigKey.STATE_BACKEND));
        String checkpointDir = config.get(ConfigKey.CHECKPOINT_DIR);
        if (!checkpointDir.isEmpty()) {
            flink.set(CheckpointingOptions.CHECKPOINTS_DIRECTORY, checkpointDir);
        }
        // Every record and state type is Avro or a POJO; a Kryo fallback would be a bug, so make it
        // fail at build.
        flink.set(PipelineOptions.GENERIC_TYPES, false);
        // Chained operators pass records on without a deep copy: no function changes a record it
        // received or
        // emitted, and records kept in state come from network inputs, which are never reused.
        flink.set(PipelineOptions.OBJECT_REUSE, true);
        // Checkpoints are exactly-once even with at-least-once sinks: operator state then never
        // double counts.
        flink.set(
                CheckpointingOptions.CHECKPOINTING_INTERVAL,
                Duration.ofMillis(config.getLong(ConfigKey.CHECKPOINT_INTERVAL_MS)));
        flink.set(
                CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE,
                CheckpointingMode.EXACTLY_ONCE);
        // A cancelled or failed job keeps its last checkpoint, so a restarted job can resume from
        // it.
        flink.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        // The decision path is latency-critical: Flink's default flushes each network hop every 100
        // ms.
        long bufferTimeout = config.getLong(ConfigKey.JOB_BUFFER_TIMEOUT_MS);
        flink.set(ExecutionOptions.BUFFER_TIMEOUT_ENABLED, bufferTimeout >= 0);
        if (bufferTimeout >= 0) {
            flink.set(ExecutionOptions.BUFFER_TIMEOUT, Duration.ofMillis(bufferTimeout));
        }
        int parallelism = config.getInt(ConfigKey.JOB_PARALLELISM);
        if (parallelism > 0) {
            flink.set(CoreOptions.DEFAULT_PARALLELISM, parallelism);
        }
        config.flinkSettings().forEach(flink::setString);
        return flink;
    }

    /**
     * The topology: validate the inputs, keep per-server state, apply the operators' control
     * commands, route, schedule DSRS slots, write the outputs. Every operator has a stable uid
     * (savepoints survive upgrades) and a readable name.
     */
    public static void defineWorkflow(
            StreamExecutionEnvironment env, JobConfig config, JobSources sources, JobSinks sinks) {
        Inputs inputs = inputs(env, config, sources);
        SingleOutputStreamOperator<TaskRequest> tasks = inputs.tasks();
        SingleOutputStreamOperator<TaskEvent> events = inputs.events();
        SingleOutputStreamOperator<Heartbeat> heartbeats = inputs.heartbeats();

        SingleOutputStreamOperator<ControlCommand> authenticated =
                env.fromSource(
                                sources.control(),
                                JobWatermarks.neverHoldsBackEventTime(),
                                "control: source")
                        .uid("source-control")
                        .keyBy(ControlAuthFunction.KEY)
                        .process(
                                new ControlAuthFunction(ControlSettings.from(config), config),
                                new AvroTypeInfo<>(ControlCommand.class))
                        .setParallelism(1)
                        .setMaxParallelism(1)
                        .uid("control-auth")
                        .name("control: authenticate; live settings");
        SingleOutputStreamOperator<ServerUpdate> serverState =
                serverRecords(events, heartbeats)
                        .keyBy(ServerStateFunction.SERVER_KEY)
                        // broadcast() and transform(), not broadcast(descriptor) and process(): the
                        // operator is Flink's keyed-broadcast one with a state cache
                        // (ServerStateOperator), which BroadcastConnectedStream cannot take
                        .connect(
                                authenticated
                                        .getSideOutput(ControlAuthFunction.LIVE_SETTINGS)
                                        .broadcast())
                        .transform(
                                "per-server state and metrics",
                                TypeInformation.of(ServerUpdate.class),
                                new ServerStateOperator(
                                        new ServerStateFunction(ServerStateSettings.from(config)),
                                        config.getInt(ConfigKey.STATE_CACHED_SERVERS)))
                        .uid("server-state")
                        .name("per-server state and metrics");
        SingleOutputStreamOperator<ControlState> controlStates =
                control(config, authenticated, serverState, events);
        BroadcastStream<ControlState> control = controlStates.broadcast(BroadcastStates.CONTROL);
        serverState
                .getSideOutput(ServerStateFunction.METRICS)
                // each subtask keeps the latest records of the servers it receives: always the same
                // servers, which forward partitioning (equal parallelism, checked at build) ensures
                .forward()
                .connect(control)
                .process(new AdminMetricsFunction(), new AvroTypeInfo<>(ServerMetrics.class))
                .uid("admin-metrics")
                .name("server-metrics: administrative state")
                .sinkTo(sinks.serverMetrics())
                .uid("sink-server-metrics")
                .name("server-metrics: sink");
        serverState
                .getSideOutput(ServerStateFunction.HEARTBEAT_LOG)
                .sinkTo(sinks.heartbeatLog())
                .uid("sink-heartbeat-log")
                .name("heartbeat-log: sink");
        // What routing sees: each server's updates, and the operators' control state, which every
        // consumer stamps on them (drained and maintenance servers accept nothing).
        DataStream<Either<ServerUpdate, ControlState>> feed =
                feed(serverState, "router", controlStates);
        GaSettings ga = GaSettings.from(config);
        RouterSettings router = RouterSettings.from(config);
        SingleOutputStreamOperator<RoutingDecision> decisions =
                GaSettings.routesInBatches(config)
                        ? tasks.keyBy(GaBatchFunction.laneKey(ga.lanes()))
                                .connect(
                                        feed.broadcast(
                                                BroadcastStates.GA_SERVERS,
                                                BroadcastStates.CONTROL))
                                .process(new GaBatchFunction(ga))
                                .uid("ga-batch")
                                .name("GA batch router: " + ga.allocator())
                        : tasks.keyBy(RouterFunction.TASK_KEY)
                                .connect(
                                        feed.broadcast(
                                                BroadcastStates.SERVER_UPDATES,
                                                BroadcastStates.CONTROL))
                                .process(new RouterFunction(router))
                                .uid("router")
                                .name("router: " + router.policy());
        int routerParallelism = config.getInt(ConfigKey.ROUTER_PARALLELISM);
        if (routerParallelism > 0) {
            decisions.setParallelism(routerParallelism);
        }
        decisions.sinkTo(sinks.decisions()).uid("sink-decisions").name("decisions: sink");

        // DSRS uses a server's status and service rate, which only heartbeat updates change
        DataStream<ServerUpdate> heartbeatUpdates =
                serverState
                        .filter(ServerUpdate::isHeartbeat)
                        .uid("dsrs-server-updates")
                        .name("DSRS: heartbeat updates");
        tasks.transform(
                        "DSRS: count arrivals per slot",
                        TypeInformation.of(SlotArrivals.class),
                        new DsrsArrivalCounter(DsrsSettings.from(config).slot().toMillis()))
                .uid("dsrs-count")
                .name("DSRS: count arrivals per slot")
                .keyBy(DsrsSlotFunction.SERVICE_KEY)
                .connect(
                        feed(heartbeatUpdates, "dsrs", controlStates)
                                .broadcast(BroadcastStates.SERVER_UPDATES, BroadcastStates.CONTROL))
                .process(new DsrsSlotFunction(DsrsSettings.from(config)))
                .uid("dsrs-slots")
                .name("DSRS slots")
                .sinkTo(sinks.dsrsAssignments())
                .uid("sink-dsrs-assignments")
                .name("dsrs-assignments: sink");

        DataStream<DeadLetter> deadLetters =
                inputs.deadLetters().union(decisions.getSideOutput(RouterFunction.DEAD_LETTERS));
        deadLetters
                .map(new CountDeadLetters())
                .uid("count-dead-letters")
                .name("dead letters: count")
                .sinkTo(sinks.deadLetters())
                .uid("sink-dead-letters")
                .name("dead-letter: sink");
        authenticated
                .getSideOutput(ControlAuthFunction.CONTROL_LOG)
                .union(
                        controlStates.getSideOutput(ControlFunction.CONTROL_LOG),
                        decisions.getSideOutput(AdminStamp.CONTROL_LOG))
                .sinkTo(sinks.controlLog())
                .uid("sink-control-log")
                .name("control-log: sink");
    }

    /**
     * Lifecycle events and heartbeats as one stream, the per-server state's keyed input (a chained
     * map each: no extra network hop).
     */
    private static DataStream<Either<TaskEvent, Heartbeat>> serverRecords(
            DataStream<TaskEvent> events, DataStream<Heartbeat> heartbeats) {
        TypeInformation<Either<TaskEvent, Heartbeat>> type =
                new EitherTypeInfo<>(
                        new AvroTypeInfo<>(TaskEvent.class), new AvroTypeInfo<>(Heartbeat.class));
        return events.map(Either::<TaskEvent, Heartbeat>Left, type)
                .uid("server-state-events")
                .name("server-events: to per-server state")
                .union(
                        heartbeats
                                .map(Either::<TaskEvent, Heartbeat>Right, type)
                                .uid("server-state-heartbeats")
                                .name("heartbeats: to per-server state"));
    }

    /**
     * Server updates and control states as one stream, for a broadcast input ({@link AdminStamp}):
     * a chained map each, so an update costs no hop of its own on the way.
     */
    private static DataStream<Either<ServerUpdate, ControlState>> feed(
            DataStream<ServerUpdate> updates, String consumer, DataStream<ControlState> control) {
        // Lambdas, not Either::Left: javac's deserialization of serializable method references to
        // the same method does not tell their type arguments apart, so Flink would run the events'
        // Either::Left on server updates.
        return updates.map(
                        update -> Either.<ServerUpdate, ControlState>Left(update), AdminStamp.FEED)
                .uid(consumer + "-feed-updates")
                .name("server updates: to " + consumer)
                .union(
                        control.map(
                                        state -> Either.<ServerUpdate, ControlState>Right(state),
                                        AdminStamp.FEED)
                                .uid(consumer + "-feed-control")
                                .name("control state: to " + consumer));
    }

    /**
     * The authenticated routing and administrative commands: one operator (parallelism 1) validates
     * each against the servers known, and emits the resulting state (its side output: the
     * control-log).
     */
    private static SingleOutputStreamOperator<ControlState> control(
            JobConfig config,
            DataStream<ControlCommand> commands,
            DataStream<ServerUpdate> serverState,
            DataStream<TaskEvent> events) {
        ControlSettings settings = ControlSettings.from(config);
        DataStream<ServerSignal> signals =
                serverState
                        .filter(ServerSignal::arrivesOrLeaves)
                        .uid("control-servers")
                        .name("control: server arrivals and departures")
                        .map(ServerSignal::of)
                        .uid("control-server-signals")
                        .name("control: server signals");
        if (settings.outliers().enabled()) {
            signals =
                    signals.union(
                            events.keyBy(TaskEvent::getServerId)
                                    .process(new OutlierStatsFunction(settings.outliers()))
                                    .uid("outlier-stats")
                                    .name("outlier detection: successes and failures per server"));
        }
        return commands.keyBy(ControlFunction.COMMAND_KEY)
                .connect(signals.keyBy(ControlFunction.SERVER_KEY))
                .process(new ControlFunction(settings))
                .setParallelism(1)
                .setMaxParallelism(1)
                .uid("control")
                .name("control: validate, apply");
    }

    /**
     * The three data inputs, read and validated: each record with its event time and watermarks,
     * the malformed ones split off to {@link #deadLetters}.
     */
    public record Inputs(
            SingleOutputStreamOperator<TaskRequest> tasks,
            SingleOutputStreamOperator<TaskEvent> events,
            SingleOutputStreamOperator<Heartbeat> heartbeats) {
        /** The records the three inputs could not decode or validate, with the reason. */
        public DataStream<DeadLetter> deadLetters() {
            return tasks.getSideOutput(DeadLetters.TAG)
                    .union(
                            events.getSideOutput(DeadLetters.TAG),
                            heartbeats.getSideOutput(DeadLetters.TAG));
        }
    }

    /**
     * Tasks, lifecycle events and heartbeats from {@code sources}, each timed by its own event-time
     * field (creation, event, sending).
     */
    public static Inputs inputs(
            StreamExecutionEnvironment env, JobConfig config, JobSources sources) {
        return new Inputs(
                input(
                        env,
                        config,
                        sources.tasks(),
                        "tasks",
                        task -> task.getCreatedAt().toEpochMilli()),
                input(
                        env,
                        config,
                        sources.serverEvents(),
                        "server-events",
                        event -> event.getEventTime().toEpochMilli()),
                input(
                        env,
                        config,
                        sources.heartbeats(),
                        "heartbeats",
                        beat -> beat.getSentAt().toEpochMilli()));
    }

    /** One input: source with event-time watermarks, then dead letters split off. */
    private static <T> SingleOutputStreamOperator<T> input(
            StreamExecutionEnvironment env,
            JobConfig config,
            Source<Either<DeadLetter, T>, ?, ?> source,
            String name,
            SerializableFunction<T, Long> eventTime) {
        DataStream<Either<DeadLetter, T>> decoded =
                env.fromSource(
                                source,
                                JobWatermarks.boundedWithIdleness(config, eventTime),
                                name + ": source")
                        .uid("source-" + name);
        TypeInformation<T> recordType =
                ((EitherTypeInfo<DeadLetter, T>) decoded.getType()).getRightType();
        return decoded.process(new SplitDeadLetters<T>(), recordType)
                .uid("validate-" + name)
                .name(name + ": split dead letters");
    }
}
