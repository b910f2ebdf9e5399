package io.qrouter.job.convert;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.core.text.Printable;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.formats.avro.typeutils.AvroTypeInfo;
import org.apache.flink.util.OutputTag;

/**
 * The records of the {@code control-log} topic: what happened to each command, and the events
 * commands caused. Every string in them is {@link Printable}: a command's fields are whatever its
 * sender wrote, and reasons quote them, so a raw one could forge a line of a log or a terminal
 * (issue 30: a refused command whose issuer printed a fake APPLIED line). Nulls stay null: they
 * mean something here (no target: a fleet-wide command).
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
        Map<String, String> arguments = new HashMap<>();
        command.getArguments().forEach((k, v) -> arguments.put(printable(k), printable(v)));
        return ControlLogEntry.newBuilder()
                .setCommandId(printable(command.getCommandId()))
                .setIssuer(printable(command.getIssuer()))
                .setAction(printable(command.getAction()))
                .setTarget(printable(command.getTarget()))
                .setArguments(arguments)
                .setIssuedAt(command.getIssuedAt())
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(outcome)
                .setReason(printable(reason))
                .build();
    }

    /**
     * A record on the control topic that is not a readable command: the dead letter's reason, which
     * {@link DeadLetters} made printable already (escaping it again would double its backslashes).
     */
    public static ControlLogEntry unreadable(DeadLetter letter, long nowMillis) {
        return ControlLogEntry.newBuilder()
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(REFUSED)
                .setReason("not a readable ControlCommand: " + letter.getReason())
                .build();
    }

    /** Something an applied command caused, e.g. {@code DRAINED}. */
    public static ControlLogEntry event(
            String action, String serverId, String what, long nowMillis) {
        return ControlLogEntry.newBuilder()
                .setAction(printable(action))
                .setTarget(printable(serverId))
                .setLoggedAt(Instant.ofEpochMilli(nowMillis))
                .setOutcome(EVENT)
                .setReason(printable(what))
                .build();
    }

    private static String printable(String text) {
        return text == null ? null : Printable.of(text);
    }

    /** The control-log key: the command id, else the server, else the outcome. */
    public static String key(ControlLogEntry entry) {
        if (entry.getCommandId() != null) {
            return entry.getCommandId();
        }
        return entry.getTarget() != null ? entry.getTarget() : entry.getOutcome();
    }
}
