package io.qrouter.core.estimate;

import static io.qrouter.core.estimate.WindowQuantity.ABANDONMENTS;
import static io.qrouter.core.estimate.WindowQuantity.ARRIVALS;
import static io.qrouter.core.estimate.WindowQuantity.CANCELLED_MILLIS;
import static io.qrouter.core.estimate.WindowQuantity.COMPLETIONS;
import static io.qrouter.core.estimate.WindowQuantity.EXITS;
import static io.qrouter.core.estimate.WindowQuantity.RECOVERIES;
import static io.qrouter.core.estimate.WindowQuantity.SERVICE_MILLIS;
import static io.qrouter.core.estimate.WindowQuantity.WAITING_MILLIS;
import static io.qrouter.core.estimate.WindowQuantity.WAITS_ENDED;

/**
 * The estimators of one server, fed with its task lifecycle events (event time in millis) by the
 * Flink job or the simulator, and read with {@link #snapshot(long)}.
 *
 * <p>Over a sliding event-time window: lambda = N/T (Eq. 1); mu = (k+1)/sum(t_e - t_s) over the
 * services completed in the window (Eq. 2); alphaC = abandonments / time spent waiting, counting
 * the waits of served, cancelled and still-waiting tasks too (the maximum-likelihood estimate for
 * exponential patience under censoring); eta = recoveries / time spent in the cancelled state
 * (likewise counting periods still open). Waiting and cancelled time is attributed to the buckets
 * it overlaps, so these two are exact per window; a service time counts whole in the bucket of its
 * completion, as in Eq. (2).
 *
 * <p>Memory is bounded whatever the event rate: a fixed ring of time buckets and at most {@code
 * maxOpenTasks} open tasks. The job keeps the whole in its server's one state value, so that a
 * heartbeat reads it with one lookup.
 *
 * <p>Events of one task must come in their own order (a server emits them so, and Kafka keeps a
 * partition's order); events of different tasks may come in any order: an event is counted in the
 * bucket of its event time as long as that bucket is still in the window, measured back from the
 * latest event time seen.
 */
public class ServerEstimators {
    /** Buckets of the recent span the latency is measured over: the newest and the one before. */
    static final int RECENT_BUCKETS = 2;

    /** Both recent figures unknown; read only. */
    private static final Estimate[] NO_RECENT = {Estimate.unknown(0), Estimate.unknown(0)};

    private EstimatorConfig config;
    private BucketedSums window;
    private OpenTasks openTasks;
    private long firstEventMillis = Long.MAX_VALUE;
    private long lateEvents;
    private long unmatchedEvents;

    /** Estimators with the default {@link EstimatorConfig}. */
    public ServerEstimators() {
        this(new EstimatorConfig());
    }

    /**
     * Estimators with an empty window.
     *
     * @throws IllegalArgumentException naming a setting of {@code config} that is out of range
     */
    public ServerEstimators(EstimatorConfig config) {
        this.config = config.validate();
        this.window =
                new BucketedSums(
                        config.bucketMillis(), config.getBucketCount(), WindowQuantity.COUNT);
        this.openTasks = new OpenTasks(config.getMaxOpenTasks());
    }

    /** Estimators as a serializer reads them back from state: no validation. */
    public ServerEstimators(
            EstimatorConfig config,
            BucketedSums window,
            OpenTasks openTasks,
            long firstEventMillis,
            long lateEvents,
            long unmatchedEvents) {
        this.config = config;
        this.window = window;
        this.openTasks = openTasks;
        this.firstEventMillis = firstEventMillis;
        this.lateEvents = lateEvents;
        this.unmatchedEvents = unmatchedEvents;
    }

    /**
     * Dispatches a lifecycle event; UNKNOWN (a symbol from a newer writer) changes nothing but the
     * unmatched count.
     */
    public void onEvent(TaskLifecycle type, String taskId, long eventTimeMillis) {
        switch (type) {
            case ENQUEUED -> onEnqueued(taskId, eventTimeMillis);
            case STARTED -> onStarted(taskId, eventTimeMillis);
            case COMPLETED -> onCompleted(taskId, eventTimeMillis);
            case ABANDONED -> onAbandoned(taskId, eventTimeMillis);
            case CANCELLED -> onCancelled(taskId, eventTimeMillis);
            case RESTORED -> onRestored(taskId, eventTimeMillis);
            case FAILED -> onFailed(taskId, eventTimeMillis);
            default -> unmatchedEvents++;
        }
    }

    public void onEnqueued(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        count(ARRIVALS, eventTimeMillis);
        openTasks.open(taskId, TaskPhase.WAITING, eventTimeMillis);
    }

    public void onStarted(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        OpenTask task = openTasks.close(taskId);
        if (wasIn(task, TaskPhase.WAITING, eventTimeMillis)) {
            endWait(task.getSinceMillis(), eventTimeMillis);
        } else {
            unmatchedEvents++;
        }
        openTasks.open(taskId, TaskPhase.IN_SERVICE, eventTimeMillis);
    }

    public void onCompleted(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        count(EXITS, eventTimeMillis);
        OpenTask task = openTasks.close(taskId);
        if (wasIn(task, TaskPhase.IN_SERVICE, eventTimeMillis)) {
            count(COMPLETIONS, eventTimeMillis);
            window.add(
                    SERVICE_MILLIS.ordinal(),
                    eventTimeMillis,
                    eventTimeMillis - task.getSinceMillis());
        } else {
            unmatchedEvents++;
        }
    }

    /**
     * A task that ended without being served: it leaves (an exit), and its service time proves
     * nothing about μ.
     */
    public void onFailed(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        count(EXITS, eventTimeMillis);
        if (openTasks.close(taskId) == null) {
            unmatchedEvents++;
        }
    }

    public void onAbandoned(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        count(EXITS, eventTimeMillis);
        OpenTask task = openTasks.close(taskId);
        if (wasIn(task, TaskPhase.WAITING, eventTimeMillis)) {
            endWait(task.getSinceMillis(), eventTimeMillis);
            count(ABANDONMENTS, eventTimeMillis);
        } else {
            unmatchedEvents++;
        }
    }

    /**
     * A cancellation ends a wait without an abandonment (a censored patience) or a service without
     * a completion (not a service time: Eq. 2 counts completed services only), and opens a
     * cancelled period.
     */
    public void onCancelled(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        OpenTask task = openTasks.close(taskId);
        if (wasIn(task, TaskPhase.WAITING, eventTimeMillis)) {
            endWait(task.getSinceMillis(), eventTimeMillis);
        } else if (!wasIn(task, TaskPhase.IN_SERVICE, eventTimeMillis)) {
            unmatchedEvents++;
        }
        openTasks.open(taskId, TaskPhase.CANCELLED, eventTimeMillis);
    }

    /**
     * A recovery ends the cancelled period; the task leaves the server (chain P: (i,1) -> (i-1,0)).
     */
    public void onRestored(String taskId, long eventTimeMillis) {
        observe(eventTimeMillis);
        OpenTask task = openTasks.close(taskId);
        if (wasIn(task, TaskPhase.CANCELLED, eventTimeMillis)) {
            count(RECOVERIES, eventTimeMillis);
            window.addSpread(CANCELLED_MILLIS.ordinal(), task.getSinceMillis(), eventTimeMillis);
        } else {
            unmatchedEvents++;
        }
    }

    /**
     * The estimates over the window ending at {@code nowMillis}. The window covers the bucket of
     * nowMillis and the bucketCount - 1 before it (so it slides in steps of one bucket); T runs
     * from the start of its oldest bucket, or from the first event seen while the window has not
     * yet filled, to nowMillis. Changes no estimate (it drops buckets that have left the ring).
     * Every heartbeat takes one, so it reads the buckets and the open tasks once each.
     */
    public EstimatorSnapshot snapshot(long nowMillis) {
        long nowBucket = window.bucketOf(nowMillis);
        long fromBucket = windowStartBucket(nowBucket);
        long windowStartMillis = fromBucket * config.bucketMillis();
        long observedMillis =
                Math.max(0, nowMillis - Math.max(windowStartMillis, firstEventMillis));
        long recentFrom = Math.max(fromBucket, nowBucket - RECENT_BUCKETS + 1);

        double[][] bothSums = window.sums(fromBucket, recentFrom, nowBucket);
        double[] sums = bothSums[0];
        OpenTasks.OpenTime open =
                openTasks.openTimeMillis(
                        windowStartMillis, recentFrom * config.bucketMillis(), nowMillis);
        long arrivals = (long) sums[ARRIVALS.ordinal()];
        long exits = (long) sums[EXITS.ordinal()];
        long completions = (long) sums[COMPLETIONS.ordinal()];
        long waitsEnded = (long) sums[WAITS_ENDED.ordinal()];
        long recoveries = (long) sums[RECOVERIES.ordinal()];
        double waitingMillis = sums[WAITING_MILLIS.ordinal()] + open.waiting();
        double cancelledMillis = sums[CANCELLED_MILLIS.ordinal()] + open.cancelled();

        Estimate[] recent = recent(sums, bothSums[1], open.recentWaiting());
        ServiceEvidence recentService =
                new ServiceEvidence(
                        (long) bothSums[1][COMPLETIONS.ordinal()],
                        (bothSums[1][SERVICE_MILLIS.ordinal()] + open.serving()) / 1000.0);
        return new EstimatorSnapshot(
                nowMillis,
                recent[0],
                recent[1],
                recentService,
                observedMillis,
                perSecond(arrivals, observedMillis, arrivals, config.getMinArrivals()),
                perSecond(
                        completions,
                        sums[SERVICE_MILLIS.ordinal()],
                        completions,
                        config.getMinCompletions()),
                perSecond(
                        sums[ABANDONMENTS.ordinal()],
                        waitingMillis,
                        waitsEnded,
                        config.getMinWaits()),
                perSecond(recoveries, cancelledMillis, recoveries, config.getMinRecoveries()),
                perSecond(exits, observedMillis, exits, config.getMinExits()),
                openTasks.size(),
                openTasks.getEvicted(),
                lateEvents,
                unmatchedEvents);
    }

    /** The oldest bucket of the window whose newest bucket is {@code nowBucket}. */
    private long windowStartBucket(long nowBucket) {
        return Math.max(nowBucket - config.getBucketCount() + 1, window.oldestKeptBucket());
    }

    /**
     * The recent wait and service, as the model-free peers' latency, over the newest {@link
     * #RECENT_BUCKETS} buckets: the mean wait by Little's law (time spent waiting there, open waits
     * included, per wait that ended) and the mean service of the completions there. The span is
     * short so a server that slows down shows it within a bucket or two, not a whole window;
     * without a completion in it, the window's mean service stands in. Unknown without any
     * completion.
     */
    private static Estimate[] recent(
            double[] windowSums, double[] recent, long openRecentWaitingMillis) {
        long windowCompletions = (long) windowSums[COMPLETIONS.ordinal()];
        if (windowCompletions == 0) {
            return NO_RECENT;
        }
        long completions = (long) recent[COMPLETIONS.ordinal()];
        double serviceMillis =
                completions > 0
                        ? recent[SERVICE_MILLIS.ordinal()] / completions
                        : windowSums[SERVICE_MILLIS.ordinal()] / windowCompletions;
        double waitingMillis = recent[WAITING_MILLIS.ordinal()] + openRecentWaitingMillis;
        double waitMillis = waitingMillis / Math.max(1, (long) recent[WAITS_ENDED.ordinal()]);
        return new Estimate[] {
            Estimate.known(waitMillis / 1000.0, windowCompletions),
            Estimate.known(serviceMillis / 1000.0, windowCompletions)
        };
    }

    /**
     * events per second of {@code millis}; not yet known below {@code minCount} observations or
     * without time.
     */
    private static Estimate perSecond(double events, double millis, long count, int minCount) {
        return count >= minCount && millis > 0
                ? Estimate.known(events / (millis / 1000.0), count)
                : Estimate.unknown(count);
    }

    private void observe(long eventTimeMillis) {
        firstEventMillis = Math.min(firstEventMillis, eventTimeMillis);
        long oldestKept = window.oldestKeptBucket();
        if (oldestKept != Long.MIN_VALUE && window.bucketOf(eventTimeMillis) < oldestKept) {
            lateEvents++;
        }
    }

    private void endWait(long sinceMillis, long eventTimeMillis) {
        count(WAITS_ENDED, eventTimeMillis);
        window.addSpread(WAITING_MILLIS.ordinal(), sinceMillis, eventTimeMillis);
    }

    private void count(WindowQuantity quantity, long eventTimeMillis) {
        window.add(quantity.ordinal(), eventTimeMillis, 1);
    }

    /**
     * The task was open in {@code phase} since a time not after the event (else the pair is
     * inconsistent).
     */
    private static boolean wasIn(OpenTask task, TaskPhase phase, long eventTimeMillis) {
        return task != null && task.getPhase() == phase && task.getSinceMillis() <= eventTimeMillis;
    }

    public EstimatorConfig getConfig() {
        return config;
    }

    public void setConfig(EstimatorConfig config) {
        this.config = config;
    }

    public BucketedSums getWindow() {
        return window;
    }

    public void setWindow(BucketedSums window) {
        this.window = window;
    }

    public OpenTasks getOpenTasks() {
        return openTasks;
    }

    public void setOpenTasks(OpenTasks openTasks) {
        this.openTasks = openTasks;
    }

    public long getFirstEventMillis() {
        return firstEventMillis;
    }

    public void setFirstEventMillis(long firstEventMillis) {
        this.firstEventMillis = firstEventMillis;
    }

    public long getLateEvents() {
        return lateEvents;
    }

    public void setLateEvents(long lateEvents) {
        this.lateEvents = lateEvents;
    }

    public long getUnmatchedEvents() {
        return unmatchedEvents;
    }

    public void setUnmatchedEvents(long unmatchedEvents) {
        this.unmatchedEvents = unmatchedEvents;
    }
}
