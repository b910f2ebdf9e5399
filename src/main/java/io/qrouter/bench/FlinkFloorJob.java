package io.qrouter.bench;

import io.qrouter.avro.EventCounts;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerStatus;
import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.JobSinks;
import io.qrouter.job.JobSources;
import io.qrouter.job.KafkaConnectors;
import io.qrouter.job.QrouterJob;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.operators.RouterFunction;
import java.util.List;
import org.apache.flink.api.common.functions.FlatMapFunction;
import org.apache.flink.api.common.functions.MapFunction;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.util.Collector;

/**
 * The floor under any Flink router of the benchmark's workload ({@code bench pipeline --job
 * flink-floor}): the job's own sources, validation, sinks and Flink settings, and no logic. Tasks
 * are keyed by task id and decided by the bare pipe's hash; lifecycle events are keyed by server,
 * as any per-server state needs them, and dropped; heartbeats are keyed by server and written to
 * the heartbeat log as they came. What the bare pipe does better is Flink's and its connectors'
 * cost; what qrouter's job costs beyond this floor is its own (state, estimators, policies).
 */
final class FlinkFloorJob {
    private FlinkFloorJob() {}

    /** The floor on Kafka, configured as qrouter's job would be from {@code config}. */
    static void buildPipeline(
            StreamExecutionEnvironment env, JobConfig config, List<String> serverIds) {
        QrouterJob.configureEnvironment(env, config);
        defineWorkflow(
                env,
                config,
                KafkaConnectors.sources(config),
                KafkaConnectors.sinks(config),
                serverIds);
    }

    /**
     * The topology. Its DSRS output carries end markers only ({@link ClosedSlots}): the bench's
     * throughput run waits for the workload's last slot there, as it does for qrouter's job.
     */
    static void defineWorkflow(
            StreamExecutionEnvironment env,
            JobConfig config,
            JobSources sources,
            JobSinks sinks,
            List<String> serverIds) {
        QrouterJob.Inputs inputs = QrouterJob.inputs(env, config, sources);
        inputs.tasks()
                .keyBy(RouterFunction.TASK_KEY)
                .map(new HashRoute(serverIds), new AvroTypeInfo<>(RoutingDecision.class))
                .uid("floor-router")
                .name("floor: hash router")
                .sinkTo(sinks.decisions())
                .uid("sink-decisions")
                .name("decisions: sink");
        inputs.heartbeats()
                .keyBy(Heartbeat::getServerId)
                .map(new AsLogged(), new AvroTypeInfo<>(HeartbeatLog.class))
                .uid("floor-heartbeat-log")
                .name("floor: heartbeats as logged")
                .sinkTo(sinks.heartbeatLog())
                .uid("sink-heartbeat-log")
                .name("heartbeat-log: sink");
        DataStream<Long> eventsRead =
                inputs.events()
                        .keyBy(TaskEvent::getServerId)
                        .flatMap(new WatermarksOnly<>(), Types.LONG)
                        .uid("floor-events")
                        .name("floor: events keyed by server, dropped");
        inputs.tasks()
                .flatMap(new WatermarksOnly<>(), Types.LONG)
                .uid("floor-tasks-clock")
                .name("tasks: watermarks")
                .union(
                        eventsRead,
                        inputs.heartbeats()
                                .flatMap(new WatermarksOnly<>(), Types.LONG)
                                .uid("floor-heartbeats-clock")
                                .name("heartbeats: watermarks"))
                .transform(
                        "floor: slots closed",
                        new AvroTypeInfo<>(SlotAssignment.class),
                        new ClosedSlots(DsrsSettings.from(config).slot().toMillis()))
                .setParallelism(1)
                .uid("floor-slots")
                .sinkTo(sinks.dsrsAssignments())
                .setParallelism(1)
                .uid("sink-dsrs-assignments")
                .name("dsrs-assignments: sink");
        inputs.deadLetters()
                .sinkTo(sinks.deadLetters())
                .uid("sink-dead-letters")
                .name("dead-letter: sink");
    }

    /** The bare pipe's decision ({@link HashDecision}). */
    static final class HashRoute implements MapFunction<TaskRequest, RoutingDecision> {
        private static final long serialVersionUID = 1L;
        private final List<String> serverIds;

        HashRoute(List<String> serverIds) {
            this.serverIds = List.copyOf(serverIds);
        }

        @Override
        public RoutingDecision map(TaskRequest task) {
            return HashDecision.of(task, serverIds);
        }
    }

    /** A heartbeat-log record of the heartbeat as reported: no events counted, no estimates. */
    static final class AsLogged implements MapFunction<Heartbeat, HeartbeatLog> {
        private static final long serialVersionUID = 1L;

        @Override
        public HeartbeatLog map(Heartbeat beat) {
            return new HeartbeatLog(
                    beat.getSentAt(),
                    beat.getServerId(),
                    new ServerStatus(
                            beat.getCpu(),
                            beat.getMemory(),
                            beat.getQueueLength(),
                            null,
                            beat.getHealth()),
                    beat.getIntervalMillis(),
                    new EventCounts(0, 0, 0, 0, 0, 0),
                    null,
                    null,
                    null);
        }
    }

    /** Drops every record; its output carries the input's watermarks. */
    static final class WatermarksOnly<T> implements FlatMapFunction<T, Long> {
        private static final long serialVersionUID = 1L;

        @Override
        public void flatMap(T value, Collector<Long> out) {}
    }
}
