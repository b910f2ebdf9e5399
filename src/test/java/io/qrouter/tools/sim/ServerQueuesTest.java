package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Servers of several slots, and servers that slow down, in the one server model. */
class ServerQueuesTest {

    /** Records every lifecycle event as "what task @time". */
    private static class Log implements ServerQueues.Lifecycle {
        final List<String> events = new ArrayList<>();

        @Override
        public void enqueued(int server, int task, double at) {
            events.add("enqueued " + task + " @" + at);
        }

        @Override
        public void becameBusy(int server, double at) {
            events.add("busy @" + at);
        }

        @Override
        public void started(int server, int task, double at) {
            events.add("started " + task + " @" + at);
        }

        @Override
        public void completed(int server, int task, double at) {
            events.add("completed " + task + " @" + at);
        }

        @Override
        public void becameIdle(int server, double at) {
            events.add("idle @" + at);
        }

        @Override
        public void abandoned(int server, int task, double at) {
            events.add("abandoned " + task + " @" + at);
        }
    }

    @Test
    void twoSlotsServeTwoTasksAtOnceAndOnlyWaitingTasksAbandon() {
        Log log = new Log();
        ServerQueues q = new ServerQueues(new double[] {1}, new int[] {2}, Slowdowns.NONE, log);
        q.arrive(0, 2.0, 0.1, 0.0); // task 0: in service at once, its patience does not matter
        q.arrive(0, 1.0, 0.1, 0.0); // task 1: the second slot
        q.arrive(0, 1.5, 10, 0.1); // task 2: waits for the first free slot
        q.arrive(0, 1.0, 0.5, 0.2); // task 3: abandons at 0.7
        assertThat(q.slots(0)).isEqualTo(2);
        assertThat(q.inService(0)).isEqualTo(2);
        assertThat(q.queueLength(0)).isEqualTo(4);
        q.runUntil(10);
        assertThat(log.events)
                .containsExactly(
                        "enqueued 0 @0.0",
                        "busy @0.0",
                        "started 0 @0.0",
                        "enqueued 1 @0.0",
                        "started 1 @0.0",
                        "enqueued 2 @0.1",
                        "enqueued 3 @0.2",
                        "abandoned 3 @0.7",
                        "completed 1 @1.0",
                        "started 2 @1.0",
                        "completed 0 @2.0",
                        "completed 2 @2.5",
                        "idle @2.5");
        assertThat(q.busy(0)).isFalse();
        assertThat(q.queueLength(0)).isZero();
    }

    /**
     * M/M/4 at ρ = 0.8 against Erlang C: P(wait) = C(4, 3.2) and E[W] = C / (cμ − λ). The tolerance
     * is four standard errors from 20 batch means (waits are correlated: one long mean would
     * understate the error).
     */
    @Test
    void aFourSlotServerMatchesErlangC() {
        int c = 4;
        double lambda = 3.2;
        double mu = 1;
        int batches = 20;
        int perBatch = 25_000;
        int tasks = batches * perBatch;
        double[] arrival = new double[tasks];
        double[] wait = new double[tasks];
        ServerQueues q =
                new ServerQueues(
                        new double[] {mu},
                        new int[] {c},
                        Slowdowns.NONE,
                        new Log() {
                            @Override
                            public void started(int server, int task, double at) {
                                wait[task] = at - arrival[task];
                            }
                        });
        SplittableRandom random = new SplittableRandom(4);
        double t = 0;
        for (int i = 0; i < tasks; i++) {
            t += -Math.log(1 - random.nextDouble()) / lambda;
            arrival[i] = t;
            q.arrive(0, -Math.log(1 - random.nextDouble()), Double.POSITIVE_INFINITY, t);
        }
        q.runUntil(Double.POSITIVE_INFINITY);

        double erlangC = erlangC(c, lambda / mu);
        double[] meanWait = new double[batches];
        double[] waited = new double[batches];
        for (int b = 0; b < batches; b++) {
            for (int i = b * perBatch; i < (b + 1) * perBatch; i++) {
                meanWait[b] += wait[i] / perBatch;
                waited[b] += wait[i] > 0 ? 1.0 / perBatch : 0;
            }
        }
        assertThat(mean(meanWait))
                .isCloseTo(erlangC / (c * mu - lambda), within(4 * standardError(meanWait)));
        assertThat(mean(waited)).isCloseTo(erlangC, within(4 * standardError(waited)));
        assertThat(erlangC).isCloseTo(0.5964, within(1e-4)); // the textbook value of C(4, 3.2)
    }

    /**
     * A service keeps the speed it started at: one started during a slowdown takes the slow time to
     * its end, though the slowdown ends first; one started before a slowdown the normal time.
     */
    @Test
    void aServiceStartedDuringASlowdownTakesFactorTimesLongerToItsEnd() {
        double[] started = new double[4];
        double[] completed = new double[4];
        ServerQueues.Lifecycle times =
                new Log() {
                    @Override
                    public void started(int server, int task, double at) {
                        started[task] = at;
                    }

                    @Override
                    public void completed(int server, int task, double at) {
                        completed[task] = at;
                    }
                };
        // slow (×3) on [0, 1), [2, 3), [4, 5), …; work 1 takes 0.5 at normal speed, 1.5 slowed
        Slowdowns slowdowns = new Slowdowns(3, 1, 1, new double[] {0});
        ServerQueues q = new ServerQueues(new double[] {2}, new int[] {1}, slowdowns, times);
        q.arrive(0, 1.0, 100, 0.6); // slowed: to 2.1, past the slowdown's end at 1
        q.arrive(0, 1.0, 100, 1.2); // waits; starts at 2.1, slowed again: to 3.6
        q.arrive(0, 1.0, 100, 3.2); // starts at 3.6, normal: to 4.1, into the next slowdown
        q.arrive(0, 1.0, 100, 4.5); // slowed: to 6.0
        q.runUntil(9.5);
        double[] expectedStart = {0.6, 2.1, 3.6, 4.5};
        double[] expectedEnd = {2.1, 3.6, 4.1, 6.0};
        for (int task = 0; task < 4; task++) {
            assertThat(started[task])
                    .as("start %d", task)
                    .isCloseTo(expectedStart[task], within(1e-9));
            assertThat(completed[task])
                    .as("end %d", task)
                    .isCloseTo(expectedEnd[task], within(1e-9));
        }
        assertThat(q.slowdown(0)).isEqualTo(1); // 9.5 is in a normal period
    }

    @Test
    void chainPPausesOnlySingleSlotServers() {
        ServerQueues q =
                new ServerQueues(new double[] {1}, new int[] {2}, Slowdowns.NONE, new Log());
        q.arrive(0, 1, 1, 0);
        assertThatThrownBy(() -> q.pause(0, 0.5))
                .isInstanceOf(IllegalStateException.class)
                .hasMessageContaining("single-slot servers only");
    }

    /** C(c, a) = B·c / (c − a(1 − B)), B the Erlang B blocking probability by its recursion. */
    private static double erlangC(int c, double a) {
        double b = 1;
        for (int k = 1; k <= c; k++) {
            b = a * b / (k + a * b);
        }
        return c * b / (c - a * (1 - b));
    }

    private static double mean(double[] x) {
        double s = 0;
        for (double v : x) {
            s += v;
        }
        return s / x.length;
    }

    private static double standardError(double[] x) {
        double m = mean(x);
        double s = 0;
        for (double v : x) {
            s += (v - m) * (v - m);
        }
        return Math.sqrt(s / (x.length - 1) / x.length);
    }
}
