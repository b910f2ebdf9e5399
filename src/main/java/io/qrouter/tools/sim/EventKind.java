package io.qrouter.tools.sim;

/** What a simulator event is; the event queue stores its ordinal. */
enum EventKind {
    /** The next routed task reaches the routers. */
    ARRIVAL,
    /** A server's service ends (stale when its token changed). */
    DEPARTURE,
    /** A waiting task's patience runs out. */
    ABANDON,
    /** Chain P: the longest-waiting task is cancelled. */
    CANCEL,
    /** Chain P: the cancelled task's recovery ends. */
    RESTORE,
    /** A server's next heartbeat is due. */
    HEARTBEAT,
    /** A server fails. */
    FAIL,
    /** The failure detector notices a silent server. */
    DETECT,
    /** A failed server is repaired, or a joining server joins. */
    RECOVER,
    /** A delayed server report reaches the routers. */
    UPDATE_ARRIVES,
    /** A delayed decision reaches its server. */
    TASK_REACHES_SERVER,
    /** An antagonist server slows down or recovers its speed ({@link Slowdowns}). */
    SLOWDOWN;

    private static final EventKind[] ALL = values();

    static EventKind of(int ordinal) {
        return ALL[ordinal];
    }
}
