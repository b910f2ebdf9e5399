package io.qrouter.core.estimate;

/**
 * What a server's estimators say at one moment. Rates are per second; an estimate is not yet known
 * while its window holds fewer observations than configured.
 *
 * @param atMillis the event time the snapshot was taken at
 * @param recentWaitSeconds mean wait over the newest buckets, by Little's law (with the service
 *     time, the latency the model-free balancers use); unknown until a task completed in the window
 * @param recentServiceSeconds mean service time per slot of the tasks completed in the newest
 *     buckets (the window's while none did); unknown until a task completed in the window
 * @param recentService the newest buckets' completions and service time on test, for μ as routing
 *     believes it now ({@link ServiceRateBelief})
 * @param observedMillis T of Eq. (1): the window length, or the time since the first event until it
 *     fills
 * @param lambdaPerSecond arrival rate, Eq. (1): ENQUEUED events / T
 * @param muPerSecond service rate, Eq. (2): (k+1) / sum of (t_e - t_s) over the completions in the
 *     window
 * @param alphaCPerSecond abandonment rate per waiting task: abandonments / time spent waiting
 * @param etaPerSecond recovery rate: RESTORED events / time spent in the cancelled state
 * @param exitRateThetaPerSecond completions plus abandonments / T (the heartbeat log's theta)
 * @param openTasks tasks whose current phase is still open
 * @param evictedTasks open tasks dropped so far because the open-task table was full
 * @param lateEvents events so far whose time was already behind the window (they changed no sum)
 * @param unmatchedEvents events so far that ended a phase the estimators had not seen begin
 */
public record EstimatorSnapshot(
        long atMillis,
        Estimate recentWaitSeconds,
        Estimate recentServiceSeconds,
        ServiceEvidence recentService,
        long observedMillis,
        Estimate lambdaPerSecond,
        Estimate muPerSecond,
        Estimate alphaCPerSecond,
        Estimate etaPerSecond,
        Estimate exitRateThetaPerSecond,
        int openTasks,
        long evictedTasks,
        long lateEvents,
        long unmatchedEvents) {}
