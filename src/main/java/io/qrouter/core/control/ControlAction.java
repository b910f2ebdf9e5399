package io.qrouter.core.control;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.Arrays;
import java.util.Locale;
import java.util.Set;
import java.util.stream.Collectors;

/**
 * The commands operators can send, by their names on the control topic, with the arguments each
 * accepts. Fleet-wide actions take no target; per-server actions need the id of a server the job
 * knows.
 */
public enum ControlAction {
    /**
     * Switch the routing policy: {@code name} (required), optional {@code d}, {@code k-weights},
     * {@code idle-queue}.
     */
    POLICY("policy", false, Set.of("name", "d", "k-weights", "idle-queue")),
    /**
     * K's weights α,σ,r: {@code weights} = three numbers ≥ 0, normalised to sum 1 (1,1,0.5 →
     * 0.4,0.4,0.2).
     */
    K_WEIGHTS("k-weights", false, Set.of("weights")),
    /** d of power-of-d: {@code d} in [1, 64]. */
    POWER_OF_D("power-of-d", false, Set.of("d")),
    /** heartbeat-k(-live)'s idle queue: {@code enabled} = on or off. */
    IDLE_QUEUE("idle-queue", false, Set.of("enabled")),
    /** No new tasks; the tasks it holds finish; reported drained once empty. */
    DRAIN("drain", true, Set.of()),
    /** No tasks at all (maintenance). */
    MAINTENANCE("maintenance", true, Set.of()),
    /** Back in service. */
    ACTIVE("active", true, Set.of()),
    /** The server's weight: {@code weight} in [0.01, 100] (see {@link ServerAdmin}). */
    WEIGHT("weight", true, Set.of("weight")),
    /**
     * Change settings of the per-server state while the job runs: each argument is a configuration
     * key and its value. Which keys are live, and their values, the job checks (not this package:
     * the keys are the job's configuration).
     */
    SET("set", false, null),
    /**
     * Admit servers under allow-list or signed admission: {@code servers} = ids or patterns ({@code
     * rack-7-*}), separated by commas.
     */
    REGISTER("register", false, Set.of("servers")),
    /** No longer admit these ids or patterns ({@code servers}, as written when registered). */
    DEREGISTER("deregister", false, Set.of("servers")),
    /** Answers with the admission mode and the allow-list; changes nothing. */
    SERVERS("servers", false, Set.of());

    public static final int MAX_POWER_OF_D = 64;
    public static final double MIN_WEIGHT = 0.01;
    public static final double MAX_WEIGHT = 100;

    private final String commandName;
    private final boolean perServer;

    /** The argument names accepted; null: any, checked by whoever applies the action. */
    private final Set<String> argumentNames;

    ControlAction(String commandName, boolean perServer, Set<String> argumentNames) {
        this.commandName = commandName;
        this.perServer = perServer;
        this.argumentNames = argumentNames;
    }

    public String commandName() {
        return commandName;
    }

    public boolean perServer() {
        return perServer;
    }

    /** The action named {@code name} (as on the control topic). */
    public static ControlAction parse(String name) throws ControlRefusal {
        for (ControlAction a : values()) {
            if (a.commandName.equals(name)) {
                return a;
            }
        }
        throw new ControlRefusal("unknown action \"" + name + "\"; valid: " + validNames());
    }

    public static String validNames() {
        return Arrays.stream(values())
                .map(ControlAction::commandName)
                .collect(Collectors.joining(", "));
    }

    /**
     * Checks the command's shape: target present exactly for per-server actions, only known
     * argument names.
     */
    public void checkShape(Command command) throws ControlRefusal {
        if (perServer && (command.target() == null || command.target().isBlank())) {
            throw new ControlRefusal(commandName + " needs a target server id");
        }
        if (!perServer && command.target() != null) {
            throw new ControlRefusal(
                    commandName
                            + " applies to the whole fleet and takes no target (got \""
                            + command.target()
                            + "\")");
        }
        for (String name : command.arguments().keySet()) {
            if (argumentNames != null && !argumentNames.contains(name)) {
                throw new ControlRefusal(
                        commandName
                                + " takes no argument \""
                                + name
                                + "\""
                                + (argumentNames.isEmpty()
                                        ? ""
                                        : "; valid: " + String.join(", ", argumentNames)));
            }
        }
    }

    static String requireArgument(Command command, String name) throws ControlRefusal {
        String value = command.argument(name);
        if (value == null || value.isBlank()) {
            throw new ControlRefusal(command.action() + " needs argument \"" + name + "\"");
        }
        return value.trim();
    }

    static PolicyName policyName(String value) throws ControlRefusal {
        try {
            return PolicyName.parse(value);
        } catch (IllegalArgumentException e) {
            throw new ControlRefusal(e.getMessage());
        }
    }

    static int powerOfD(String value) throws ControlRefusal {
        try {
            int d = Integer.parseInt(value.trim());
            if (d >= 1 && d <= MAX_POWER_OF_D) {
                return d;
            }
        } catch (NumberFormatException e) {
            // the message below says what is valid
        }
        throw new ControlRefusal(
                "d must be an integer in [1, " + MAX_POWER_OF_D + "] (got \"" + value + "\")");
    }

    /** Three numbers ≥ 0, not all 0, normalised to sum 1. */
    static LoadIndexWeights kWeights(String value) throws ControlRefusal {
        String[] parts = value.split(",", -1);
        if (parts.length != 3) {
            throw new ControlRefusal(
                    "K weights must be three numbers alpha,sigma,r (got \"" + value + "\")");
        }
        double[] w = new double[3];
        double sum = 0;
        for (int i = 0; i < 3; i++) {
            try {
                w[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new ControlRefusal("K weight \"" + parts[i].trim() + "\" is not a number");
            }
            if (!(w[i] >= 0) || Double.isInfinite(w[i])) {
                throw new ControlRefusal(
                        "K weights must be finite and >= 0 (got \"" + value + "\")");
            }
            sum += w[i];
        }
        if (!(sum > 0) || Double.isInfinite(sum)) {
            throw new ControlRefusal("K weights must not all be 0 (got \"" + value + "\")");
        }
        double alpha = w[0] / sum;
        double sigma = w[1] / sum;
        return new LoadIndexWeights(alpha, sigma, Math.max(0, 1 - alpha - sigma));
    }

    static boolean onOff(String value) throws ControlRefusal {
        return switch (value.trim().toLowerCase(Locale.ROOT)) {
            case "on", "true" -> true;
            case "off", "false" -> false;
            default ->
                    throw new ControlRefusal(
                            "idle-queue must be on or off (got \"" + value + "\")");
        };
    }

    static double weight(String value) throws ControlRefusal {
        try {
            double w = Double.parseDouble(value.trim());
            if (w >= MIN_WEIGHT && w <= MAX_WEIGHT) {
                return w;
            }
        } catch (NumberFormatException e) {
            // the message below says what is valid
        }
        throw new ControlRefusal(
                "weight must be a number in ["
                        + MIN_WEIGHT
                        + ", "
                        + MAX_WEIGHT
                        + "] (got \""
                        + value
                        + "\")");
    }
}
