package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.Locale;
import java.util.random.RandomGenerator;

/**
 * Servers that change speed, as a noisy neighbour, a GC pause or a cold cache makes them (Prequal's
 * "antagonists"): {@code COUNT:FACTOR:ON/OFF}, e.g. {@code 4:3:10/20}, four servers that work
 * FACTOR times slower for ON out of every ON + OFF, each at its own random phase; {@code none} for
 * none. The simulator writes ON and OFF in mean service times; the fleet in seconds, as durations
 * ({@code 4:3:10s/20s}, also {@code ms} and {@code m}; a bare number is seconds).
 *
 * <p>One parser and one {@link #schedule} serve both, so a fleet run and its digital twin slow the
 * same servers at the same times.
 *
 * @param count the servers that slow down (0: none)
 * @param factor how many times slower a server's work runs during a slowdown, the services in
 *     progress included (> 1)
 * @param on how long each slowdown lasts
 * @param off how long the server runs at its normal speed between slowdowns
 */
public record Antagonists(int count, double factor, double on, double off) {
    public static final Antagonists NONE = new Antagonists(0, 1, 1, 1);

    private static final String FORM = "must be none or COUNT:FACTOR:ON/OFF";

    /**
     * @param durations the fleet's form: ON and OFF are durations, in seconds unless they say
     *     otherwise; else plain numbers (the simulator's mean service times)
     */
    public static Antagonists parse(String spec, boolean durations) {
        String example = durations ? "4:3:10s/20s" : "4:3:10/20";
        if (spec == null || spec.isBlank() || spec.trim().equalsIgnoreCase("none")) {
            return NONE;
        }
        String[] parts = spec.trim().split(":", -1);
        String[] onOff = parts.length == 3 ? parts[2].split("/", -1) : new String[0];
        if (onOff.length != 2) {
            throw new InvalidSettingException(
                    SimSetting.ANTAGONISTS, FORM + ", e.g. " + example + " (got \"" + spec + "\")");
        }
        int count =
                Specs.parseInt(parts[0], SimSetting.ANTAGONISTS, "COUNT", 1, SimConfig.MAX_SERVERS);
        double factor = Specs.parseDoubleAbove(parts[1], SimSetting.ANTAGONISTS, "FACTOR", 1, 1000);
        double on = time(onOff[0], "ON", durations, example);
        double off = time(onOff[1], "OFF", durations, example);
        return new Antagonists(count, factor, on, off);
    }

    public boolean none() {
        return count == 0;
    }

    /**
     * Which of {@code servers} servers slow down (distinct, drawn uniformly) and the phase of each,
     * uniform in [0, ON + OFF): its slowdowns start at phase + k·(ON + OFF), k ≥ 0. None draws
     * nothing from {@code random}.
     */
    public Slowdowns schedule(int servers, RandomGenerator random) {
        if (none()) {
            return Slowdowns.NONE;
        }
        requireAmong(servers);
        int[] order = new int[servers];
        for (int i = 0; i < servers; i++) {
            order[i] = i;
        }
        double[] phase = new double[servers];
        Arrays.fill(phase, Double.NaN);
        for (int i = 0; i < count; i++) {
            int j = i + random.nextInt(servers - i);
            int t = order[i];
            order[i] = order[j];
            order[j] = t;
            phase[order[i]] = random.nextDouble() * (on + off);
        }
        return new Slowdowns(factor, on, off, phase);
    }

    /** There are at least COUNT servers to slow down. */
    public void requireAmong(int servers) {
        if (count > servers) {
            throw new InvalidSettingException(
                    SimSetting.ANTAGONISTS,
                    "COUNT must be at most the number of servers (got "
                            + count
                            + " of "
                            + servers
                            + ")");
        }
    }

    public String spec() {
        return none() ? "none" : count + ":" + factor + ":" + on + "/" + off;
    }

    private static double time(String text, String form, boolean durations, String example) {
        String t = text.trim().toLowerCase(Locale.ROOT);
        // seconds = number * times / per, both exact, so 500ms and 1m are 0.5 and 60 exactly
        double times = 1;
        double per = 1;
        if (durations) {
            if (t.endsWith("ms")) {
                t = t.substring(0, t.length() - 2);
                per = 1000;
            } else if (t.endsWith("s")) {
                t = t.substring(0, t.length() - 1);
            } else if (t.endsWith("m")) {
                t = t.substring(0, t.length() - 1);
                times = 60;
            }
        } else if (!t.isEmpty() && Character.isLetter(t.charAt(t.length() - 1))) {
            throw new InvalidSettingException(
                    SimSetting.ANTAGONISTS,
                    form
                            + " is in mean service times, a plain number, e.g. "
                            + example
                            + " (got \""
                            + text
                            + "\")");
        }
        return Specs.parseDoubleAbove(t, SimSetting.ANTAGONISTS, form, 0, 1e9) * times / per;
    }
}
