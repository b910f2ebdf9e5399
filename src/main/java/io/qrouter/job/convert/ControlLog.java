package io.qrouter.job.convert;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import java.time.Instant;
import java.util.HashMap;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.util.OutputTag;

/**
 * The records of the {@code control-log} topic: what happened to each command, and the events
 * commands caused.
 */
public final class ControlLog {
    public static final String APPLIED = "APPLIED";
    public static final String REFUSED = "REFUSED";
    public static final String EVENT = "EVENT";

    private ControlLog() {}

    /** A side output of control-log entries; each operator has its own id. */
    public static OutputTag<ControlLogEntry> tag(String id) {
        return new OutputTag<>(id, new AvroTypeInfo<>(ControlLogEntry.class));
    }

    /** What happened to {@code command}: APPLIED with the change, or REFUSED with the reason. */
    public static ControlLogEntry of(
            ControlCommand command, String outcome, String reason, long nowMillis) {
        return ControlLogEntry.newBuilder()
                .setCommandId(command.getCommandId())
                .setIssuer(command.getIssuer())
                .setAction(command.getAction())
                .setTarget(command.getTarget())
                .setArguments(new HashMap<>(command.getArguments()))
                .setIssuedAt(command.getIssuedAt())
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(outcome)
                .setReason(reason)
                .build();
    }

    /** A record on the control topic that is not a readable command. */
    public static ControlLogEntry unreadable(String reason, long nowMillis) {
        return ControlLogEntry.newBuilder()
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(REFUSED)
                .setReason(reason)
                .build();
    }

    /** Something an applied command caused, e.g. {@code DRAINED}. */
    public static ControlLogEntry event(
            String action, String serverId, String what, long nowMillis) {
        return ControlLogEntry.newBuilder()
                .setAction(action)
                .setTarget(serverId)
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(EVENT)
                .setReason(what)
                .build();
    }

    /** The control-log key: the command id, else the server, else the outcome. */
    public static String key(ControlLogEntry entry) {
        if (entry.getCommandId() != null) {
            return entry.getCommandId();
        }
        return entry.getTarget() != null ? entry.getTarget() : entry.getOutcome();
    }
}
