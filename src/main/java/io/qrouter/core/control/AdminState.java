package io.qrouter.core.control;

import java.util.Locale;

/**
 * A server's administrative state, set by an operator (HAProxy's {@code ready}/{@code drain}/{@code
 * maint}). Draining and maintenance servers get no new tasks; a draining server finishes what it
 * holds and is then reported drained.
 */
public enum AdminState {
    ACTIVE,
    DRAINING,
    MAINTENANCE;

    // every router update is stamped with it: one string per state, not one per update
    private final String displayName = name().toLowerCase(Locale.ROOT);

    /** True when routers may send the server new tasks. */
    public boolean acceptsTasks() {
        return this == ACTIVE;
    }

    /**
     * The name shown on server-metrics: active, draining, drained (draining and empty) or
     * maintenance.
     */
    public String displayName(boolean empty) {
        return this == DRAINING && empty ? "drained" : displayName;
    }
}
