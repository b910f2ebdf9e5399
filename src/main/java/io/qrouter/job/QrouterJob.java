package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.config.ConfigException;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.convert.DeadLetters;
import io.qrouter.job.operators.AdminMetricsFunction;
import io.qrouter.job.operators.AdminStamp;
import io.qrouter.job.operators.ControlAuthFunction;
import io.qrouter.job.operators.ControlFunction;
import io.qrouter.job.operators.CountDeadLetters;
import io.qrouter.job.operators.DsrsArrivalCounter;
import io.qrouter.job.operators.DsrsSlotFunction;
import io.qrouter.job.operators.GaBatchFunction;
import io.qrouter.job.operators.RouterFunction;
import io.qrouter.job.operators.RouterInput;
import io.qrouter.job.operators.ServerStateFunction;
import io.qrouter.job.operators.ServerStateOperator;
import io.qrouter.job.operators.SplitDeadLetters;
import io.qrouter.job.operators.TaskPlacerFunction;
import io.qrouter.job.records.InputSerializers;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.SlotArrivals;
import io.qrouter.job.records.StringKeySerializer;
import io.qrouter.job.state.BroadcastStates;
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
import org.apache.flink.runtime.state.KeyGroupRangeAssignment;
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
        // Every record and state type is Avro, a POJO or hand-serialized (ServerUpdate,
        // ServerState): a Kryo fallback would be a bug, so make it fail at build.
        flink.set(PipelineOptions.GENERIC_TYPES, false);
        // Chained operators pass records on without a deep copy: a function changes only records
        // it read from a network input, which Flink never reuses (AdminStamp stamps the updates
        // its broadcast input delivers), and never one it emitted.
        flink.set(PipelineOptions.OBJECT_REUSE, true);
        // Checkpoints are exactly-once even with at-least-once sinks: operator state then never
        // double counts.
        flink.set(
                CheckpointingOptions.CHECKPOINTING_INTERVAL,
                Duration.ofMillis(config.getLong(ConfigKey.CHECKPOINT_INTERVAL_MS)));
        flink.set(
                CheckpointingOptions.CHECKPOINTING_CONSISTENCY_MODE,
                CheckpointingMode.EXACTLY_ONCE);
        // A cancelled or failed job keeps its last checkpoint: a restarted job resumes from it.
        flink.set(
                CheckpointingOptions.EXTERNALIZED_CHECKPOINT_RETENTION,
                ExternalizedCheckpointRetention.RETAIN_ON_CANCELLATION);
        // The decision path is latency-critical; Flink flushes a network hop every 100 ms by
        // default.
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
     * The topology, as named subgraphs: validated inputs, control, per-server state, routing (per
     * task, or the GA in batches), DSRS, and the outputs every part shares. Every operator has a
     * stable uid (savepoints survive upgrades) and a readable name.
     */
    public static void defineWorkflow(
            StreamExecutionEnvironment env, JobConfig config, JobSources sources, JobSinks sinks) {
        Inputs inputs = inputs(env, config, sources);
        SingleOutputStreamOperator<ControlCommand> commands =
                ControlGraph.authenticated(env, config, sources.control());
        SingleOutputStreamOperator<ServerUpdate> serverState =
                serverState(config, inputs, commands);
        SingleOutputStreamOperator<ControlState> control =
                ControlGraph.applied(config, commands, serverState, inputs.events());
        serverOutputs(serverState, control, sinks);
        SingleOutputStreamOperator<RoutingDecision> decisions =
                routing(config, inputs.tasks(), serverState, control);
        decisions.sinkTo(sinks.decisions()).uid("sink-decisions").name("decisions: sink");
        dsrs(config, inputs.tasks(), serverState, control, sinks);
        inputs.deadLetters()
                .union(
                        serverState.getSideOutput(ServerStateFunction.NOT_ADMITTED),
                        decisions.getSideOutput(RouterFunction.DEAD_LETTERS))
                .map(new CountDeadLetters())
                .uid("count-dead-letters")
                .name("dead letters: count")
                .sinkTo(sinks.deadLetters())
                .uid("sink-dead-letters")
                .name("dead-letter: sink");
        commands.getSideOutput(ControlAuthFunction.CONTROL_LOG)
                .union(
                        control.getSideOutput(ControlFunction.CONTROL_LOG),
                        decisions.getSideOutput(AdminStamp.CONTROL_LOG))
                .sinkTo(sinks.controlLog())
                .uid("sink-control-log")
                .name("control-log: sink");
    }

    /**
     * Per-server state, keyed by server id: lifecycle events and heartbeats in, one update per
     * change out, with the live settings the operators set.
     */
    private static SingleOutputStreamOperator<ServerUpdate> serverState(
            JobConfig config, Inputs inputs, SingleOutputStreamOperator<ControlCommand> commands) {
        return serverRecords(inputs.events(), inputs.heartbeats())
                .keyBy(ServerStateFunction.SERVER_KEY, StringKeySerializer.TYPE)
                // broadcast() and transform(), not broadcast(descriptor) and process(): the
                // operator is Flink's keyed-broadcast one with a state cache (ServerStateOperator),
                // which BroadcastConnectedStream cannot take
                .connect(commands.getSideOutput(ControlAuthFunction.LIVE_SETTINGS).broadcast())
                .transform(
                        "per-server state and metrics",
                        TypeInformation.of(ServerUpdate.class),
                        new ServerStateOperator(
                                new ServerStateFunction(ServerStateSettings.from(config)),
                                config.getInt(ConfigKey.STATE_CACHED_SERVERS)))
                .uid("server-state")
                .name("per-server state and metrics");
    }

    /**
     * The per-server state's own outputs: server-metrics (with the admin state) and heartbeat-log.
     */
    private static void serverOutputs(
            SingleOutputStreamOperator<ServerUpdate> serverState,
            SingleOutputStreamOperator<ControlState> control,
            JobSinks sinks) {
        serverState
                .getSideOutput(ServerStateFunction.METRICS)
                // each subtask keeps the latest records of the servers it receives: always the same
                // servers, which forward partitioning (equal parallelism, checked at build) ensures
                .forward()
                .connect(control.broadcast(BroadcastStates.CONTROL))
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
    }

    /**
     * One decision per task: the per-task router, or the GA in batches. What routing sees is each
     * server's updates and the operators' control state, which it stamps on them (drained and
     * maintenance servers accept nothing).
     */
    private static SingleOutputStreamOperator<RoutingDecision> routing(
            JobConfig config,
            DataStream<TaskRequest> tasks,
            DataStream<ServerUpdate> serverState,
            DataStream<ControlState> control) {
        DataStream<Either<ServerUpdate, ControlState>> feed = feed(serverState, "router", control);
        SingleOutputStreamOperator<RoutingDecision> decisions;
        if (GaSettings.routesInBatches(config)) {
            GaSettings ga = GaSettings.from(config);
            decisions =
                    tasks.keyBy(GaBatchFunction.laneKey(ga.lanes()))
                            .connect(
                                    feed.broadcast(
                                            BroadcastStates.GA_SERVERS, BroadcastStates.CONTROL))
                            .process(new GaBatchFunction(ga))
                            .uid("ga-batch")
                            .name("GA batch router: " + ga.allocator());
        } else {
            RouterSettings router = RouterSettings.from(config);
            int routers = routerParallelism(config, tasks.getExecutionEnvironment());
            // set, not left to Flink, because the placer must know which key reaches which router
            int keyGroups = routerKeyGroups(tasks.getExecutionEnvironment(), routers);
            decisions =
                    keyedForRouters(router, routers, keyGroups, tasks, feed)
                            .keyBy(RouterInput.KEY)
                            .connect(
                                    feed.broadcast(
                                            BroadcastStates.SERVER_UPDATES,
                                            BroadcastStates.CONTROL))
                            .process(new RouterFunction(router))
                            .uid("router")
                            .name("router: " + router.policy())
                            .setMaxParallelism(keyGroups);
        }
        int routerParallelism = config.getInt(ConfigKey.ROUTER_PARALLELISM);
        if (routerParallelism > 0) {
            decisions.setParallelism(routerParallelism);
        }
        return decisions;
    }

    /**
     * Tasks keyed for the routers: by the placer (one subtask) when there are several routers and
     * {@code router.placement=idle-servers}, else by task id (a chained map).
     */
    private static DataStream<RouterInput> keyedForRouters(
            RouterSettings router,
            int routers,
            int keyGroups,
            DataStream<TaskRequest> tasks,
            DataStream<Either<ServerUpdate, ControlState>> feed) {
        if (routers > 1 && router.placeTasks()) {
            return tasks.keyBy(RouterFunction.TASK_KEY)
                    .connect(
                            feed.broadcast(BroadcastStates.SERVER_UPDATES, BroadcastStates.CONTROL))
                    .process(new TaskPlacerFunction(router, routers, keyGroups), RouterInput.TYPE)
                    .uid("task-placer")
                    .name("task placer: decides as one router")
                    .setParallelism(1)
                    .setMaxParallelism(1);
        }
        return tasks.map(RouterInput::byId, RouterInput.TYPE)
                .uid("router-keys")
                .name("tasks: keyed by id");
    }

    /** The router's subtasks: router.parallelism, or the job's with 0. */
    private static int routerParallelism(JobConfig config, StreamExecutionEnvironment env) {
        int configured = config.getInt(ConfigKey.ROUTER_PARALLELISM);
        return configured > 0 ? configured : env.getParallelism();
    }

    /** The router's key groups: the job's max parallelism if set, else Flink's default. */
    private static int routerKeyGroups(StreamExecutionEnvironment env, int routers) {
        int configured = env.getConfig().getMaxParallelism();
        return configured > 0
                ? configured
                : KeyGroupRangeAssignment.computeDefaultMaxParallelism(routers);
    }

    /** DSRS (seed 002): arrivals counted per slot where they are read, one assignment per slot. */
    private static void dsrs(
            JobConfig config,
            DataStream<TaskRequest> tasks,
            DataStream<ServerUpdate> serverState,
            DataStream<ControlState> control,
            JobSinks sinks) {
        DsrsSettings settings = DsrsSettings.from(config);
        // DSRS uses a server's status and service rate, which only heartbeat updates change
        DataStream<ServerUpdate> heartbeatUpdates =
                serverState
                        .filter(ServerUpdate::isHeartbeat)
                        .uid("dsrs-server-updates")
                        .name("DSRS: heartbeat updates");
        tasks.transform(
                        "DSRS: count arrivals per slot",
                        TypeInformation.of(SlotArrivals.class),
                        new DsrsArrivalCounter(settings.slot().toMillis()))
                .uid("dsrs-count")
                .name("DSRS: count arrivals per slot")
                .keyBy(DsrsSlotFunction.SERVICE_KEY)
                .connect(
                        feed(heartbeatUpdates, "dsrs", control)
                                .broadcast(BroadcastStates.SERVER_UPDATES, BroadcastStates.CONTROL))
                .process(new DsrsSlotFunction(settings))
                .uid("dsrs-slots")
                .name("DSRS slots")
                .sinkTo(sinks.dsrsAssignments())
                .uid("sink-dsrs-assignments")
                .name("dsrs-assignments: sink");
    }

    /**
     * Lifecycle events and heartbeats as one stream, the per-server state's keyed input (a chained
     * map each: no extra network hop), written field by field across the hop ({@link
     * InputSerializers}).
     */
    private static DataStream<Either<TaskEvent, Heartbeat>> serverRecords(
            DataStream<TaskEvent> events, DataStream<Heartbeat> heartbeats) {
        TypeInformation<Either<TaskEvent, Heartbeat>> type =
                new EitherTypeInfo<>(
                        InputSerializers.taskEventType(), InputSerializers.heartbeatType());
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
