package io.qrouter.core.estimate;

/** Where an open task is, as far as the estimators care: each phase is an interval they time. */
public enum TaskPhase {
    /** Enqueued, not yet started: its wait is exposure to abandonment (alpha_c). */
    WAITING,
    /** Started, not yet completed: its length is a service time (mu). */
    IN_SERVICE,
    /** Cancelled, not yet restored: its length is a recovery time (eta). */
    CANCELLED
}
