package io.qrouter.core.estimate;

import static io.qrouter.core.estimate.TaskLifecycle.ABANDONED;
import static io.qrouter.core.estimate.TaskLifecycle.CANCELLED;
import static io.qrouter.core.estimate.TaskLifecycle.COMPLETED;
import static io.qrouter.core.estimate.TaskLifecycle.ENQUEUED;
import static io.qrouter.core.estimate.TaskLifecycle.RESTORED;
import static io.qrouter.core.estimate.TaskLifecycle.STARTED;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Random;

/**
 * Seeded lifecycle streams with known rates, made by simulating the process directly (not by the
 * estimators' formulas): an M/M/1+M queue (Poisson arrivals, exponential service, exponential
 * patience of each waiting task), and cancel/restore periods of exponential length.
 */
final class SyntheticStreams {
    private SyntheticStreams() {}

    /**
     * FCFS single server; events in time order from startMillis on, task ids prefixed so streams
     * can be mixed.
     */
    static List<LifecycleEvent> reneging(
            long seed,
            double lambda,
            double mu,
            double alphaC,
            double seconds,
            long startMillis,
            String idPrefix) {
        Random random = new Random(seed);
        List<LifecycleEvent> events = new ArrayList<>();
        List<double[]> waiting =
                new ArrayList<>(); // {taskNumber, patienceDeadline}, in arrival order
        double now = 0;
        double nextArrival = exponential(random, lambda);
        double completion = Double.POSITIVE_INFINITY;
        long inService = -1;
        long nextId = 0;
        while (true) {
            int abandoner = -1;
            for (int i = 0; i < waiting.size(); i++) {
                if (abandoner < 0 || waiting.get(i)[1] < waiting.get(abandoner)[1]) {
                    abandoner = i;
                }
            }
            double nextAbandon =
                    abandoner < 0 ? Double.POSITIVE_INFINITY : waiting.get(abandoner)[1];
            now = Math.min(nextArrival, Math.min(completion, nextAbandon));
            if (now > seconds) {
                return events;
            }
            long millis = startMillis + Math.round(now * 1000);
            if (now == nextArrival) {
                long id = nextId++;
                events.add(new LifecycleEvent(ENQUEUED, idPrefix + id, millis));
                if (inService < 0) {
                    inService = id;
                    events.add(new LifecycleEvent(STARTED, idPrefix + id, millis));
                    completion = now + exponential(random, mu);
                } else {
                    waiting.add(new double[] {id, now + exponential(random, alphaC)});
                }
                nextArrival = now + exponential(random, lambda);
            } else if (now == completion) {
                events.add(new LifecycleEvent(COMPLETED, idPrefix + inService, millis));
                if (waiting.isEmpty()) {
                    inService = -1;
                    completion = Double.POSITIVE_INFINITY;
                } else {
                    inService = (long) waiting.remove(0)[0];
                    events.add(new LifecycleEvent(STARTED, idPrefix + inService, millis));
                    completion = now + exponential(random, mu);
                }
            } else {
                long id = (long) waiting.remove(abandoner)[0];
                events.add(new LifecycleEvent(ABANDONED, idPrefix + id, millis));
            }
        }
    }

    /**
     * Tasks enqueued at rate {@code cancelRate}, cancelled after an exponential wait of mean 0.1 s
     * and restored after an exponential cancelled period of rate {@code eta}; sorted by time.
     */
    static List<LifecycleEvent> cancelRestore(
            long seed, double cancelRate, double eta, double seconds) {
        Random random = new Random(seed);
        List<LifecycleEvent> events = new ArrayList<>();
        long id = 0;
        for (double t = exponential(random, cancelRate);
                t <= seconds;
                t += exponential(random, cancelRate)) {
            String taskId = "c" + id++;
            double cancelledAt = t + exponential(random, 10);
            events.add(new LifecycleEvent(ENQUEUED, taskId, Math.round(t * 1000)));
            events.add(new LifecycleEvent(CANCELLED, taskId, Math.round(cancelledAt * 1000)));
            events.add(
                    new LifecycleEvent(
                            RESTORED,
                            taskId,
                            Math.round((cancelledAt + exponential(random, eta)) * 1000)));
        }
        events.sort(
                Comparator.comparingLong(
                        LifecycleEvent::timeMillis)); // stable: a task's own order is kept
        return events;
    }

    static double exponential(Random random, double rate) {
        return rate == 0 ? Double.POSITIVE_INFINITY : -Math.log(1 - random.nextDouble()) / rate;
    }
}
