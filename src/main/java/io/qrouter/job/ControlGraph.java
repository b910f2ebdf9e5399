package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.TaskEvent;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.operators.ControlAuthFunction;
import io.qrouter.job.operators.ControlFunction;
import io.qrouter.job.operators.OutlierStatsFunction;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.records.ServerUpdate;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.streaming.api.datastream.DataStream;
import org.apache.flink.streaming.api.datastream.SingleOutputStreamOperator;
import org.apache.flink.streaming.api.environment.StreamExecutionEnvironment;
import org.apache.flink.types.Either;

/**
 * The control subgraph: operators' commands authenticated, then applied against the servers the
 * per-server state reports. Both steps run at parallelism 1, every record under one key, so
 * commands apply in the order of the control topic.
 */
final class ControlGraph {
    private ControlGraph() {}

    /**
     * The control topic's commands that passed authentication (side outputs: log, live settings).
     */
    static SingleOutputStreamOperator<ControlCommand> authenticated(
            StreamExecutionEnvironment env,
            JobConfig config,
            Source<Either<DeadLetter, ControlCommand>, ?, ?> source) {
        return env.fromSource(source, JobWatermarks.neverHoldsBackEventTime(), "control: source")
                .uid("source-control")
                .keyBy(ControlAuthFunction.KEY)
                .process(
                        new ControlAuthFunction(
                                ControlSettings.from(config), ServerStateSettings.from(config)),
                        new AvroTypeInfo<>(ControlCommand.class))
                .setParallelism(1)
                .setMaxParallelism(1)
                .uid("control-auth")
                .name("control: authenticate; live settings");
    }

    /**
     * The authenticated routing and administrative commands: one operator (parallelism 1) validates
     * each against the servers known, and emits the resulting state (its side output: the
     * control-log).
     */
    static SingleOutputStreamOperator<ControlState> applied(
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
}
