package io.qrouter.job.convert;

import io.qrouter.avro.ControlCommand;
import io.qrouter.core.control.Command;
import io.qrouter.core.control.CommandSignature;
import java.time.Instant;
import java.util.HashMap;
import java.util.Map;

/**
 * Between the ControlCommand record of the control topic and {@link Command}: reading one, and
 * writing a signed one.
 */
public final class ControlCommands {
    private ControlCommands() {}

    /** The command a record carries (its signature aside). */
    public static Command of(ControlCommand record) {
        return new Command(
                record.getCommandId(),
                record.getIssuer(),
                record.getIssuedAt().toEpochMilli(),
                record.getAction(),
                record.getTarget(),
                record.getArguments());
    }

    /** The record of {@code command}, signed with {@code signature} (null: unsigned). */
    public static ControlCommand record(Command command, CommandSignature signature) {
        return ControlCommand.newBuilder()
                .setCommandId(command.commandId())
                .setIssuer(command.issuer())
                .setIssuedAt(Instant.ofEpochMilli(command.issuedAtMillis()))
                .setAction(command.action())
                .setTarget(command.target())
                .setArguments(new HashMap<String, String>(command.arguments()))
                .setSignature(signature == null ? null : signature.sign(command))
                .build();
    }

    /** Shorthand for {@link #record} of a new command. */
    public static ControlCommand signed(
            CommandSignature signature,
            String commandId,
            String issuer,
            long issuedAtMillis,
            String action,
            String target,
            Map<String, String> arguments) {
        return record(
                new Command(commandId, issuer, issuedAtMillis, action, target, arguments),
                signature);
    }
}
