package io.qrouter.core.estimate;

/**
 * What happened to a task on a server, as the estimators see it. CANCELLED and RESTORED are seed
 * 000's cancel-and-recover (chain P) states; FAILED a task the server gave up on (an exit without
 * service); UNKNOWN stands for an event type this version does not know.
 */
public enum TaskLifecycle {
    ENQUEUED,
    STARTED,
    COMPLETED,
    ABANDONED,
    CANCELLED,
    RESTORED,
    FAILED,
    UNKNOWN
}
