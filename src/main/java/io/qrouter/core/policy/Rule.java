package io.qrouter.core.policy;

/** The rule that fired for a decision (the {@code rule} field of the RoutingDecision record). */
public enum Rule {
    /** An idle server taken from this router's idle queue (JIQ). */
    IDLE_QUEUE,
    /** The server of lowest load index K. */
    MIN_K,
    RANDOM,
    ROUND_ROBIN,
    /**
     * Fewest tasks as the router sees them: reported queue length plus own in-flight assignments.
     */
    LEAST_CONNECTIONS,
    /** Consistent hashing of the task key. */
    HASH,
    /** Shortest queue over every server. */
    JSQ,
    /** Shortest queue among d sampled servers. */
    POWER_OF_D,
    /** Prequal: the lowest-latency cold probe. */
    PREQUAL_COLD,
    /** Prequal: every probe hot, the lowest requests in flight. */
    PREQUAL_HOT,
    P2C_EWMA,
    LEAST_REQUEST,
    /** Every alive server is overloaded (K undefined): the choice is uniform among them. */
    FALLBACK,
    /**
     * Loss-aware admission refused the task: even its best choice would most likely lose it ({@link
     * LossAdmission}).
     */
    REJECTED
}
