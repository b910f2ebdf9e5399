package io.qrouter.core.estimate;

/**
 * The sums a server's window keeps per time bucket; the ordinal is the series index in {@link
 * BucketedSums}.
 */
enum WindowQuantity {
    /** ENQUEUED events: N of Eq. (1). */
    ARRIVALS,
    /** COMPLETED plus ABANDONED events: the exit rate theta of the heartbeat log. */
    EXITS,
    /** Completions whose start was seen: k+1 of Eq. (2). */
    COMPLETIONS,
    /** Their service times t_e - t_s, whole, in the bucket of the completion. */
    SERVICE_MILLIS,
    /** Waits that ended (by STARTED, ABANDONED or CANCELLED) and whose start was seen. */
    WAITS_ENDED,
    ABANDONMENTS,
    /** Time spent waiting, spread over the buckets it overlaps. */
    WAITING_MILLIS,
    /** RESTORED events whose CANCELLED was seen. */
    RECOVERIES,
    /** Time spent in the cancelled state, spread over the buckets it overlaps. */
    CANCELLED_MILLIS;

    static final int COUNT = values().length;
}
