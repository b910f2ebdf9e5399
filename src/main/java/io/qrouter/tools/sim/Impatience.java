package io.qrouter.tools.sim;

/** How waiting tasks are lost. */
public enum Impatience {
    /**
     * M/M/1+M: each waiting task abandons when its own exponential patience (rate α_c) runs out;
     * the task in service does not abandon. The default.
     */
    RENEGE,
    /**
     * Seed 000's chain as its balance equations define it: while a server holds two or more tasks,
     * a cancellation comes at rate α_c (one clock per server); the longest-waiting task is
     * cancelled, and during the recovery (exponential, rate η) the server neither serves nor
     * accepts tasks (arrivals are blocked and lost); at its end the cancelled task leaves
     * (RESTORED) and service resumes.
     */
    CANCEL_RESTORE
}
