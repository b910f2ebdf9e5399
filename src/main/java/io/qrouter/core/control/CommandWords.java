package io.qrouter.core.control;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * An operator's command as words, as typed after {@code qrouter control} or in a demo's control
 * script. The first word is the action's name on the control topic ({@link ControlAction}), so the
 * CLI, the schema and a client in another language name each action alike. Per-server commands take
 * the server id first ({@code drain server-7}, {@code weight server-7 0.5}); {@code policy NAME}
 * takes optional {@code key=value} settings ({@code d}, {@code k-weights}, {@code idle-queue});
 * {@code set KEY=VALUE ...} takes configuration keys of the per-server state; {@code register} and
 * {@code deregister} take server ids or patterns. Only the shape is checked here; the job validates
 * the keys and values.
 */
public final class CommandWords {
    public static final String USAGE =
            "drain SERVER | maintenance SERVER | active SERVER | weight SERVER W | "
                    + "policy NAME [d=N] [k-weights=A,S,R] [idle-queue=on|off] | k-weights A,S,R | power-of-d D | "
                    + "idle-queue on|off | set KEY=VALUE [KEY=VALUE ...] | register ID|PATTERN ... | "
                    + "deregister ID|PATTERN ... | servers";

    private CommandWords() {}

    /**
     * @throws IllegalArgumentException saying what is wrong, with the usage
     */
    public static Command parse(
            String commandId, String issuer, long issuedAtMillis, List<String> words) {
        if (words.isEmpty()) {
            throw new IllegalArgumentException("no command; usage: " + USAGE);
        }
        String action = words.get(0);
        List<String> args = words.subList(1, words.size());
        Map<String, String> named = new LinkedHashMap<>();
        String target = null;
        switch (action) {
            case "drain", "maintenance", "active" ->
                    target = exactly(args, 1, action + " SERVER").get(0);
            case "weight" -> {
                target = exactly(args, 2, "weight SERVER W").get(0);
                named.put("weight", args.get(1));
            }
            case "k-weights" -> named.put("weights", exactly(args, 1, "k-weights A,S,R").get(0));
            case "power-of-d" -> named.put("d", exactly(args, 1, "power-of-d D").get(0));
            case "idle-queue" -> named.put("enabled", exactly(args, 1, "idle-queue on|off").get(0));
            case "policy" -> {
                if (args.isEmpty()) {
                    throw new IllegalArgumentException(
                            "usage: policy NAME [d=N] [k-weights=A,S,R] [idle-queue=on|off]");
                }
                named.put("name", args.get(0));
                named.putAll(keyValues("policy settings", args.subList(1, args.size())));
            }
            case "set" -> {
                if (args.isEmpty()) {
                    throw new IllegalArgumentException("usage: set KEY=VALUE [KEY=VALUE ...]");
                }
                named.putAll(keyValues("set", args));
            }
            case "register", "deregister" -> {
                if (args.isEmpty()) {
                    throw new IllegalArgumentException(
                            "usage: " + action + " ID|PATTERN [ID|PATTERN ...]");
                }
                named.put("servers", String.join(",", args));
            }
            case "servers" -> exactly(args, 0, "servers");
            default ->
                    throw new IllegalArgumentException(
                            "unknown command '" + action + "'; usage: " + USAGE);
        }
        return new Command(commandId, issuer, issuedAtMillis, action, target, named);
    }

    private static Map<String, String> keyValues(String what, List<String> settings) {
        Map<String, String> named = new LinkedHashMap<>();
        for (String setting : settings) {
            int eq = setting.indexOf('=');
            if (eq <= 0) {
                throw new IllegalArgumentException(what + " are key=value (got '" + setting + "')");
            }
            named.put(setting.substring(0, eq), setting.substring(eq + 1));
        }
        return named;
    }

    private static List<String> exactly(List<String> args, int n, String usage) {
        if (args.size() != n) {
            throw new IllegalArgumentException("usage: " + usage);
        }
        return args;
    }
}
