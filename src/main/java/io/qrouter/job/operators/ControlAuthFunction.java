package io.qrouter.job.operators;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.core.control.AllowList;
import io.qrouter.core.control.AllowListCommands;
import io.qrouter.core.control.Command;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.ControlAction;
import io.qrouter.core.control.ControlRefusal;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.job.convert.ControlLog;
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
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;
import org.apache.flink.util.OutputTag;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * The control topic's one reader (parallelism 1, every record under one key): authenticates each
 * command and sends it where it applies. Routing and administrative commands go on (main output) to
 * {@link ControlFunction}, which checks them against the servers it knows; {@code set} commands,
 * which need no server, are validated and applied here ({@link LiveSettings}) and the new live
 * settings go to {@link #LIVE_SETTINGS}, broadcast to the per-server state; so are {@code register}
 * and {@code deregister}, which change the allow-list, and {@code servers}, which shows it. Split
 * from {@link ControlFunction} because that one learns the servers from the per-server state's
 * output: feeding it back into the per-server state would be a cycle.
 *
 * <p>Refused, in this order, each with its reason on {@link #CONTROL_LOG}: an unreadable record, no
 * secret configured, no signature, a wrong one ({@link CommandSignature}: HMAC-SHA256 with {@code
 * control.hmac-secret}), issued further than {@code control.max-age.ms} from the job's clock
 * (either way), a command id seen before within that window; and a {@code set} whose keys or values
 * are not valid. A {@code set} applied is logged here too, so each command has exactly one entry.
 * The ids seen and the live settings are keyed state: a restart keeps both.
 */
public class ControlAuthFunction
        extends KeyedProcessFunction<String, Either<DeadLetter, ControlCommand>, ControlCommand> {
    private static final long serialVersionUID = 1L;
    private static final Logger LOGGER = LoggerFactory.getLogger(ControlAuthFunction.class);

    public static final KeySelector<Either<DeadLetter, ControlCommand>, String> KEY =
            c -> BroadcastStates.CONTROL_KEY;

    /** Commands refused here, and {@code set} commands applied. */
    public static final OutputTag<ControlLogEntry> CONTROL_LOG = ControlLog.tag("control-auth-log");

    /** The whole live settings after each {@code set} applied. */
    public static final OutputTag<LiveSettings> LIVE_SETTINGS =
            new OutputTag<>("live-settings", TypeInformation.of(LiveSettings.class));

    private final ControlSettings settings;
    private final ServerStateSettings configured;

    private transient MapState<String, Long> seenCommands;
    private transient ValueState<LiveSettings> live;
    private transient CommandSignature signature;

    /**
     * @param configured the per-server state's settings at start: the live settings before any
     *     {@code set}, and what a {@code set} is checked against
     */
    public ControlAuthFunction(ControlSettings settings, ServerStateSettings configured) {
        this.settings = settings;
        this.configured = configured;
    }

    @Override
    public void open(OpenContext openContext) {
        seenCommands =
                getRuntimeContext()
                        .getMapState(
                                new MapStateDescriptor<>(
                                        "seen-command-ids", Types.STRING, Types.LONG));
        live =
                getRuntimeContext()
                        .getState(new ValueStateDescriptor<>("live-settings", LiveSettings.class));
        signature = settings.signature();
    }

    @Override
    public void processElement(
            Either<DeadLetter, ControlCommand> record, Context ctx, Collector<ControlCommand> out)
            throws Exception {
        long now = ctx.timerService().currentProcessingTime();
        if (record.isLeft()) {
            refuse(ControlLog.unreadable(record.left(), now), ctx);
            return;
        }
        ControlCommand received = record.right();
        Command command = ControlCommands.of(received);
        try {
            authenticate(command, received.getSignature(), now);
            String change = null;
            if (ControlAction.SET.commandName().equals(command.action())) {
                change = applyLiveSettings(command, ctx);
            } else if (AllowListCommands.handles(command.action())) {
                change = applyAllowList(command, ctx);
            }
            if (change != null) {
                // logged from the entry, whose fields are printable: the command's are as sent
                ControlLogEntry entry = ControlLog.of(received, ControlLog.APPLIED, change, now);
                LOGGER.info(
                        "control command {} from {} applied: {}",
                        entry.getCommandId(),
                        entry.getIssuer(),
                        entry.getReason());
                ctx.output(CONTROL_LOG, entry);
            } else {
                out.collect(received);
            }
        } catch (ControlRefusal refusal) {
            refuse(ControlLog.of(received, ControlLog.REFUSED, refusal.getMessage(), now), ctx);
        }
    }

    /** Validates a {@code set}, keeps and broadcasts the new live settings; returns the change. */
    private String applyLiveSettings(Command command, Context ctx) throws Exception {
        ControlAction.SET.checkShape(command);
        LiveSettings before = live.value();
        if (before == null) {
            before = LiveSettings.of(configured);
        }
        LiveSettings after = before.set(configured, command.arguments());
        live.update(after);
        ctx.output(LIVE_SETTINGS, after);
        return "server state: "
                + after.changesFrom(before)
                + " (from each server's next record; now "
                + after.asConfig()
                + ")";
    }

    /**
     * Applies {@code register} or {@code deregister} to the allow-list, keeps and broadcasts it, or
     * answers {@code servers}; returns the answer.
     */
    private String applyAllowList(Command command, Context ctx) throws Exception {
        LiveSettings before = live.value();
        if (before == null) {
            before = LiveSettings.of(configured);
        }
        AllowList list = before.allowList(configured.admission().allowList());
        AllowList after = AllowListCommands.apply(list, command);
        if (!after.equals(list)) {
            LiveSettings next = before.withAllowList(after);
            live.update(next);
            ctx.output(LIVE_SETTINGS, next);
        }
        String state =
                AllowListCommands.describe(configured.admission().mode().configName(), after);
        return command.arguments().isEmpty()
                ? state
                : command.action() + " " + command.argument("servers") + " -> " + state;
    }

    /**
     * Refuses a command that is not authentic or is a replay; records the id of an authentic one.
     */
    private void authenticate(Command command, String givenSignature, long now) throws Exception {
        if (signature == null) {
            throw new ControlRefusal(
                    "control commands are disabled: the job has no control.hmac-secret");
        }
        if (givenSignature == null || givenSignature.isBlank()) {
            throw new ControlRefusal("unsigned command");
        }
        if (!signature.verifies(command, givenSignature)) {
            throw new ControlRefusal("wrong signature");
        }
        long age = now - command.issuedAtMillis();
        if (Math.abs(age) > settings.maxAgeMillis()) {
            throw new ControlRefusal(
                    "replay or clock skew: issued "
                            + age
                            + " ms before the job's clock, outside "
                            + "control.max-age.ms ("
                            + settings.maxAgeMillis()
                            + ")");
        }
        forgetOldIds(now);
        if (seenCommands.contains(command.commandId())) {
            throw new ControlRefusal(
                    "replay: command id " + command.commandId() + " was already received");
        }
        seenCommands.put(command.commandId(), command.issuedAtMillis());
    }

    /** Ids of commands issued before the window need not be kept: their age refuses them anyway. */
    private void forgetOldIds(long now) throws Exception {
        List<String> old = new ArrayList<>();
        for (Map.Entry<String, Long> seen : seenCommands.entries()) {
            if (now - seen.getValue() > settings.maxAgeMillis()) {
                old.add(seen.getKey());
            }
        }
        for (String id : old) {
            seenCommands.remove(id);
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
