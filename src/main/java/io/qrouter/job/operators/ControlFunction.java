package io.qrouter.job.operators;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.core.control.Command;
import io.qrouter.core.control.ControlRefusal;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.Ejection;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.job.convert.ControlLog;
import io.qrouter.job.records.ServerSignal;
import io.qrouter.job.state.BroadcastStates;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.co.KeyedCoProcessFunction;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Applies the routing and administrative commands {@link ControlAuthFunction} authenticated
 * (parallelism 1, every record under one key): validates each against the servers the job knows,
 * and emits the whole new {@link ControlState} for broadcast ({@link BroadcastStates#CONTROL}).
 * Every command, applied or refused, goes to {@link #CONTROL_LOG} with the reason; a refused
 * command changes nothing. The servers known and the state are keyed state: checkpointed, so a
 * restart keeps both.
 *
 * <p>Input 2 says which servers exist (heartbeats and departures) and, with outlier detection on,
 * each server's finished and failed tasks ({@link OutlierStatsFunction}): the detectors ({@link
 * Ejection}) eject and bring back servers through the same control state, every ejection and return
 * an EVENT on the control-log.
 */
public class ControlFunction
        extends KeyedCoProcessFunction<String, ControlCommand, ServerSignal, ControlState> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOGGER = LoggerFactory.getLogger(ControlFunction.class);

    /** The only key: every command and server update meets in one place. */
    static final String KEY = BroadcastStates.CONTROL_KEY;

    public static final KeySelector<ControlCommand, String> COMMAND_KEY = c -> KEY;
    public static final KeySelector<ServerSignal, String> SERVER_KEY = u -> KEY;

    /** Every command applied or refused. */
    public static final OutputTag<ControlLogEntry> CONTROL_LOG = ControlLog.tag("control-log");

    private final ControlSettings settings;

    private transient ValueState<ControlState> current;
    private transient MapState<String, Boolean> knownServers;

    /** How many {@link #knownServers}: counting them per signal cost O(N²) as N servers came up. */
    private transient ValueState<Integer> knownServerCount;

    private transient MapState<String, ServerSignal> intervalCounts;
    private transient ValueState<Long> nextTick;
    private transient Ejection ejection;

    /** Whether the state restored (if any) has been sent again since this instance opened. */
    private transient boolean resent;

    public ControlFunction(ControlSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        current =
                getRuntimeContext()
                        .getState(new ValueStateDescriptor<>("control-state", ControlState.class));
        knownServers =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "known-servers", Types.STRING, Types.BOOLEAN));
        knownServerCount =
                getRuntimeContext()
                        .getState(new ValueStateDescriptor<>("known-server-count", Types.INT));
        intervalCounts =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "outlier-interval-counts",
                                        Types.STRING,
                                        TypeInformation.of(ServerSignal.class)));
        nextTick =
                getRuntimeContext()
                        .getState(new ValueStateDescriptor<>("outlier-next-tick", Types.LONG));
        ejection = new Ejection(settings.outliers());
        resent = false;
    }

    /**
     * After a restore, sends the restored state once, with the first record or timer: a consumer
     * restored from a checkpoint that did not hold it (one taken before the routers kept the
     * control state themselves) gets it then, not at the next command.
     */
    private void resendRestoredState(Collector<ControlState> out) throws Exception {
        if (!resent) {
            resent = true;
            ControlState restored = current.value();
            if (restored != null) {
                out.collect(restored);
            }
        }
    }

    @Override
    public void processElement1(ControlCommand received, Context ctx, Collector<ControlState> out)
            throws Exception {
        resendRestoredState(out);
        long now = ctx.timerService().currentProcessingTime();
        Command command = ControlCommands.of(received);
        try {
            ControlState before = state();
            ControlState.Applied applied =
                    before.apply(command, this::known, settings.perTaskRouting(), now);
            current.update(applied.state());
            out.collect(applied.state());
            // logged from the entry, whose fields are printable: the command's are as sent
            ControlLogEntry entry =
                    ControlLog.of(received, ControlLog.APPLIED, applied.change(), now);
            LOGGER.info(
                    "control command {} from {} applied: {}",
                    entry.getCommandId(),
                    entry.getIssuer(),
                    entry.getReason());
            ctx.output(CONTROL_LOG, entry);
        } catch (ControlRefusal refusal) {
            refuse(ControlLog.of(received, ControlLog.REFUSED, refusal.getMessage(), now), ctx);
        }
    }

    @Override
    public void processElement2(ServerSignal signal, Context ctx, Collector<ControlState> out)
            throws Exception {
        resendRestoredState(out);
        String id = signal.getServerId();
        switch (signal.getKind()) {
            case ServerSignal.GONE -> {
                if (knownServers.contains(id)) {
                    int known = liveServers();
                    knownServers.remove(id);
                    knownServerCount.update(known - 1);
                }
                publish(
                        state().copy(),
                        List.of(),
                        ctx.timerService().currentProcessingTime(),
                        ctx,
                        out);
            }
            case ServerSignal.PRESENT -> {
                if (!knownServers.contains(id)) {
                    int known = liveServers();
                    knownServers.put(id, true);
                    knownServerCount.update(known + 1);
                    publish(
                            state().copy(),
                            List.of(),
                            ctx.timerService().currentProcessingTime(),
                            ctx,
                            out);
                }
            }
            default -> {
                long now = ctx.timerService().currentProcessingTime();
                if (ServerSignal.COUNTS.equals(signal.getKind())) {
                    intervalCounts.put(id, signal);
                    scheduleTick(ctx, now);
                }
                ControlState next = state().copy();
                List<String> changes =
                        ejection.onCounts(
                                next,
                                id,
                                new Ejection.Counts(
                                        signal.getSuccesses(),
                                        signal.getFailures(),
                                        signal.getConsecutiveFailures()),
                                liveServers(),
                                now);
                publish(next, changes, now, ctx, out);
            }
        }
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ControlState> out)
            throws Exception {
        resendRestoredState(out);
        ControlState next = state().copy();
        List<String> changes = new ArrayList<>(ejection.returns(next, timestamp));
        Long tick = nextTick.value();
        if (tick != null && timestamp >= tick) {
            Map<String, Ejection.Counts> interval = new java.util.TreeMap<>();
            for (Map.Entry<String, ServerSignal> e : intervalCounts.entries()) {
                ServerSignal c = e.getValue();
                interval.put(
                        e.getKey(),
                        new Ejection.Counts(
                                c.getSuccesses(), c.getFailures(), c.getConsecutiveFailures()));
            }
            intervalCounts.clear();
            nextTick.clear();
            changes.addAll(ejection.onInterval(next, interval, liveServers(), timestamp));
        }
        publish(next, changes, timestamp, ctx, out);
    }

    /** The state as it is, or as configured before any command. */
    private ControlState state() throws Exception {
        return current.value() != null ? current.value() : settings.initialState();
    }

    /**
     * After the detectors: the panic flag, then, if anything changed, the new state out and the
     * events logged.
     */
    private void publish(
            ControlState next,
            List<String> changes,
            long now,
            Context ctx,
            Collector<ControlState> out)
            throws Exception {
        boolean panic = ejection.panics(next, liveServers());
        List<String> events = new ArrayList<>(changes);
        if (panic != next.isPanic()) {
            next.setPanic(panic);
            next.setVersion(next.getVersion() + 1);
            events.add(
                    panic
                            ? "PANIC: too few healthy servers, routing over every live one"
                            : "PANIC_OVER: enough healthy servers again");
        }
        for (String event : events) {
            String kind =
                    event.substring(
                            0, event.indexOf(' ') < 0 ? event.indexOf(':') : event.indexOf(' '));
            // the event names servers by the ids their records carry: log the printable entry
            ControlLogEntry entry = ControlLog.event(kind.replace(":", ""), null, event, now);
            LOGGER.info("outlier detection: {}", entry.getReason());
            ctx.output(CONTROL_LOG, entry);
        }
        if (next.getVersion() != state().getVersion()) {
            current.update(next);
            out.collect(next);
        }
        long nextReturn = Ejection.nextReturn(next);
        if (nextReturn != Long.MAX_VALUE) {
            ctx.timerService().registerProcessingTimeTimer(nextReturn);
        }
    }

    private void scheduleTick(Context ctx, long now) throws Exception {
        if (nextTick.value() == null) {
            long tick = now + settings.outliers().intervalMillis();
            nextTick.update(tick);
            ctx.timerService().registerProcessingTimeTimer(tick);
        }
    }

    /** The number of known servers; counted once after a restore from a state without it. */
    private int liveServers() throws Exception {
        Integer known = knownServerCount.value();
        if (known == null) {
            known = 0;
            for (String ignored : knownServers.keys()) {
                known++;
            }
            knownServerCount.update(known);
        }
        return known;
    }

    private boolean known(String serverId) {
        try {
            return knownServers.contains(serverId);
        } catch (Exception e) {
            throw new IllegalStateException("cannot read the known servers", e);
        }
    }

    private void refuse(ControlLogEntry entry, Context ctx) {
        LOGGER.warn(
                "control command {} from {} refused: {}",
                entry.getCommandId(),
                entry.getIssuer(),
                entry.getReason());
        ctx.output(CONTROL_LOG, entry);
    }
}
