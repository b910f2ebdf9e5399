package io.qrouter.core.control;

import java.util.Map;
import java.util.TreeMap;

/**
 * An operator's command as the control operators read it (the ControlCommand record without its
 * signature).
 *
 * @param target the server of a per-server action, null for a fleet-wide one
 * @param arguments the action's parameters, sorted by name
 */
public record Command(
        String commandId,
        String issuer,
        long issuedAtMillis,
        String action,
        String target,
        Map<String, String> arguments) {

    public Command {
        arguments = arguments == null ? Map.of() : new TreeMap<>(arguments);
    }

    /** The argument, or null when absent. */
    public String argument(String name) {
        return arguments.get(name);
    }

    /** One line for logs and the control-log: action, target, arguments. */
    public String describe() {
        return action
                + (target == null ? "" : " " + target)
                + (arguments.isEmpty() ? "" : " " + arguments);
    }
}
