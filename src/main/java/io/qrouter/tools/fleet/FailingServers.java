package io.qrouter.tools.fleet;

import java.util.List;
import java.util.Locale;

/**
 * Servers that fail tasks, so that the job's outlier ejection has something to eject: on each of
 * {@code servers}, a task fails with probability {@code share} (drawn per task from a seeded
 * stream). A failing task fails when its service ends: it has taken the server's time like any
 * other, so the failing server looks ordinary in its queue and load, and only the FAILED events
 * (instead of COMPLETED) tell it apart, as with a real server that answers with errors.
 *
 * @param servers server ids, each one of the fleet's {@code server-1 … server-N}
 * @param share probability that a task on one of them fails, in [0, 1]
 */
public record FailingServers(List<String> servers, double share) {
    /** No server fails. */
    public static final FailingServers NONE = new FailingServers(List.of(), 0);

    public FailingServers {
        servers = List.copyOf(servers);
        if (!(share >= 0 && share <= 1)) {
            throw new IllegalArgumentException(
                    "--fail-share must be in [0, 1] (got " + share + ")");
        }
    }

    /** The probability that a task on {@code serverId} fails. */
    double shareOf(String serverId) {
        return servers.contains(serverId) ? share : 0;
    }

    /** The reason a FAILED event gives. */
    String reason() {
        return String.format(
                Locale.ROOT, "simulated failure (--fail-share %s of the tasks)", share);
    }

    /** Throws naming --fail-servers unless every server is one of {@code server-1 … server-N}. */
    void requireAmong(int fleetServers) {
        for (String id : servers) {
            if (!isServerOfFleet(id, fleetServers)) {
                throw new IllegalArgumentException(
                        "--fail-servers: unknown server \""
                                + id
                                + "\"; the fleet's servers are server-1 … server-"
                                + fleetServers);
            }
        }
    }

    private static boolean isServerOfFleet(String id, int fleetServers) {
        if (!id.matches("server-[1-9][0-9]*")) {
            return false;
        }
        String number = id.substring("server-".length());
        return number.length() <= 5 && Integer.parseInt(number) <= fleetServers;
    }

    @Override
    public String toString() {
        return servers.isEmpty() ? "none" : String.join(",", servers) + " fail " + share;
    }
}
