package io.qrouter.core.policy;

/**
 * The idle servers of one router's idle queue: those it owns ({@link RouterOwnership}) whose latest
 * report says idle and to which it has sent nothing since. Implementations differ in which comes
 * first.
 */
interface IdleServers extends RouterView.Listener {

    /** Takes the first idle server, or returns -1 when none is idle. */
    int poll();

    /** Idle servers left. */
    int size();

    /** Whether this router owns the server's current idle period (false for unknown slots). */
    static boolean owns(RouterView view, int slot, int routerIndex, int routerCount) {
        ServerSnapshot s = view.snapshot(slot);
        return RouterOwnership.ownerOf(s.serverId(), s.tasksReceived(), routerCount) == routerIndex;
    }

    /** Idle, nothing sent since, and in this router's queue. */
    static boolean eligible(RouterView view, int slot, int routerIndex, int routerCount) {
        return view.snapshot(slot).idle()
                && view.inFlight(slot) == 0
                && owns(view, slot, routerIndex, routerCount);
    }
}
