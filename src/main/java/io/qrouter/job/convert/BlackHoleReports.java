package io.qrouter.job.convert;

import io.qrouter.avro.ControlLogEntry;

/** What the job says about a black hole a router ejected: on dead-letter and on control-log. */
public final class BlackHoleReports {
    private BlackHoleReports() {}

    /** The reason each of its unacknowledged tasks is dead-lettered. */
    public static String reason(
            String serverId, int router, long ackTimeoutMillis, long ejectionMillis) {
        return "decided to "
                + serverId
                + ", which acknowledged none of router "
                + router
                + "'s tasks within router.ack-timeout.ms ("
                + ackTimeoutMillis
                + " ms): a black hole, ejected for "
                + ejectionMillis / 1000
                + " s";
    }

    /** The control-log EVENT {@code EJECTED}. */
    public static ControlLogEntry event(
            String serverId,
            int swallowed,
            int redecided,
            int router,
            long ackTimeoutMillis,
            long atMillis,
            long untilMillis) {
        return ControlLog.event(
                "EJECTED",
                serverId,
                serverId
                        + " acknowledged none of "
                        + swallowed
                        + " tasks from router "
                        + router
                        + " within "
                        + ackTimeoutMillis
                        + " ms: ejected as a black hole for "
                        + (untilMillis - atMillis) / 1000
                        + " s, "
                        + fate(swallowed, redecided),
                atMillis);
    }

    private static String fate(int swallowed, int redecided) {
        if (redecided == 0) {
            return "its tasks dead-lettered";
        }
        if (redecided == swallowed) {
            return "its tasks re-decided";
        }
        return redecided + " re-decided, " + (swallowed - redecided) + " dead-lettered";
    }
}
