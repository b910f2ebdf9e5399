package io.qrouter.core.control;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;

/**
 * The outlier detectors over a {@link ControlState}: they eject servers (with a back-off that grows
 * with each ejection, within the maximum share) and bring them back. Each method returns what
 * changed, in words, one entry per server (empty: nothing), and updates the state in place.
 */
public final class Ejection {
    private final OutlierSettings settings;

    public Ejection(OutlierSettings settings) {
        this.settings = settings;
    }

    /** A server's finished tasks over one interval, and its failures in a row at the end of it. */
    public record Counts(long successes, long failures, int consecutiveFailures) {
        long finished() {
            return successes + failures;
        }

        double successRate() {
            return (double) successes / finished();
        }
    }

    /** The consecutive-failures detector, on one server's report. */
    public List<String> onCounts(
            ControlState state, String serverId, Counts counts, int liveServers, long nowMillis) {
        if (!settings.enabled() || counts.consecutiveFailures() < settings.consecutiveFailures()) {
            return List.of();
        }
        return eject(
                state,
                serverId,
                counts.consecutiveFailures() + " failures in a row",
                liveServers,
                nowMillis);
    }

    /** The success-rate detector, over every server's counts of one interval. */
    public List<String> onInterval(
            ControlState state, Map<String, Counts> interval, int liveServers, long nowMillis) {
        if (!settings.enabled()) {
            return List.of();
        }
        List<Map.Entry<String, Counts>> eligible =
                interval.entrySet().stream()
                        .filter(
                                e ->
                                        e.getValue().finished()
                                                >= settings.successRateMinimumRequests())
                        .toList();
        if (eligible.size() < settings.successRateMinimumServers()) {
            return List.of();
        }
        double mean =
                eligible.stream().mapToDouble(e -> e.getValue().successRate()).average().orElse(1);
        double variance =
                eligible.stream()
                        .mapToDouble(e -> Math.pow(e.getValue().successRate() - mean, 2))
                        .average()
                        .orElse(0);
        double threshold = mean - settings.successRateStdevFactor() * Math.sqrt(variance);
        List<String> changes = new ArrayList<>();
        eligible.stream()
                .filter(e -> e.getValue().successRate() < threshold)
                .sorted(Map.Entry.comparingByKey())
                .forEach(
                        e ->
                                changes.addAll(
                                        eject(
                                                state,
                                                e.getKey(),
                                                String.format(
                                                        java.util.Locale.ROOT,
                                                        "success rate %.3f below the fleet's %.3f - %.1f sd = %.3f",
                                                        e.getValue().successRate(),
                                                        mean,
                                                        settings.successRateStdevFactor(),
                                                        threshold),
                                                liveServers,
                                                nowMillis)));
        return changes;
    }

    /** Brings back every server whose ejection has run out. */
    public List<String> returns(ControlState state, long nowMillis) {
        List<String> changes = new ArrayList<>();
        for (Map.Entry<String, ServerAdmin> e : state.getServers().entrySet()) {
            ServerAdmin admin = e.getValue();
            if (admin.getEjectedUntilMillis() > 0 && admin.getEjectedUntilMillis() <= nowMillis) {
                admin.setEjectedUntilMillis(0);
                changes.add("RETURNED " + e.getKey() + " after ejection " + admin.getEjections());
            }
        }
        if (!changes.isEmpty()) {
            state.setVersion(state.getVersion() + 1);
        }
        return changes;
    }

    /** The earliest end of a running ejection, or Long.MAX_VALUE. */
    public static long nextReturn(ControlState state) {
        return state.getServers().values().stream()
                .mapToLong(ServerAdmin::getEjectedUntilMillis)
                .filter(t -> t > 0)
                .min()
                .orElse(Long.MAX_VALUE);
    }

    /** True when fewer than the panic threshold of the live servers are healthy (not ejected). */
    public boolean panics(ControlState state, int liveServers) {
        return settings.enabled()
                && liveServers > 0
                && liveServers - ejected(state) < settings.panicThreshold() * liveServers;
    }

    private List<String> eject(
            ControlState state, String serverId, String why, int liveServers, long nowMillis) {
        ServerAdmin admin = state.getServers().computeIfAbsent(serverId, id -> new ServerAdmin());
        if (admin.getEjectedUntilMillis() > nowMillis) {
            return List.of();
        }
        if (ejected(state) + 1 > settings.maxEjectionShare() * liveServers) {
            return List.of(
                    "NOT_EJECTED "
                            + serverId
                            + " ("
                            + why
                            + "): "
                            + ejected(state)
                            + " of "
                            + liveServers
                            + " servers already ejected, the maximum share is "
                            + settings.maxEjectionShare());
        }
        admin.setEjections(admin.getEjections() + 1);
        long duration = settings.baseEjectionMillis() * admin.getEjections();
        admin.setEjectedUntilMillis(nowMillis + duration);
        state.setVersion(state.getVersion() + 1);
        return List.of(
                "EJECTED "
                        + serverId
                        + " for "
                        + duration
                        + " ms (ejection "
                        + admin.getEjections()
                        + "): "
                        + why);
    }

    private static int ejected(ControlState state) {
        return (int)
                state.getServers().values().stream()
                        .filter(a -> a.getEjectedUntilMillis() > 0)
                        .count();
    }
}
