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
     * A slowdown slows the work in progress: what is left of a service runs at the speed of the
     * moment, so a service that spans the start or the end of a slowdown is stretched or shortened
     * from there on. Times worked by hand.
     */
    @Test
    void aSlowdownStretchesTheWorkInProgressFromItsStartToItsEnd() {
        // slow (×3) on [0, 1), [2, 3), [4, 5), …; μ = 2: work 1 takes 0.5, or 1.5 slowed
        TimedServer server = new TimedServer(2, 1, new Slowdowns(3, 1, 1, new double[] {0}), 4);
        ServerQueues q = server.queues;
        // slowed at 0.6: 0.4 × 2/3 of its work done by 1, the other 11/15 at rate 2: ends 1 + 11/30
        q.arrive(0, 1.0, 100, 0.6);
        q.arrive(0, 1.0, 100, 1.2); // waits; starts at 1 + 11/30, normal throughout: ends 0.5 later
        // normal at 3.8: 0.4 done by 4, the other 0.6 at rate 2/3: ends 4.9
        q.arrive(0, 1.0, 100, 3.8);
        // waits; starts at 4.9 slowed: 0.1 × 2/3 done by 5, the rest at rate 2: ends 5 + 7/15
        q.arrive(0, 1.0, 100, 4.5);
        q.runUntil(9.5);
        server.assertTimes(
                new double[] {0.6, 1 + 11.0 / 30, 3.8, 4.9},
                new double[] {1 + 11.0 / 30, 1.5 + 11.0 / 30, 4.9, 5 + 7.0 / 15});
        assertThat(q.slowdown(0)).isEqualTo(1); // 9.5 is in a normal period
    }

    /** Every slot's service in progress is stretched, and the first to finish is the next event. */
    @Test
    void aSlowdownStretchesEverySlotsWorkInProgress() {
        // slow (×2) on [1, 3), then normal until 13; μ = 1 per slot, two slots
        TimedServer server = new TimedServer(1, 2, new Slowdowns(2, 2, 10, new double[] {1}), 2);
        ServerQueues q = server.queues;
        q.arrive(0, 1.8, 100, 0); // 1 done by 1, the other 0.8 at rate 1/2: ends 2.6
        q.arrive(0, 3.0, 100, 0.5); // 0.5 done by 1, 1 by 3, the other 1.5 at rate 1: ends 4.5
        q.runUntil(9);
        server.assertTimes(new double[] {0, 0.5}, new double[] {2.6, 4.5});
    }

    /** Chain P's paused service holds its work left at normal speed across a change of speed. */
    @Test
    void aPausedServiceResumesAtTheSpeedOfItsResumption() {
        // slow (×3) on [2, 3), then normal until 12; μ = 1
        TimedServer server = new TimedServer(1, 1, new Slowdowns(3, 1, 9, new double[] {2}), 1);
        ServerQueues q = server.queues;
        q.arrive(0, 2.0, 100, 0);
        double left = q.pause(0, 1.5); // 1.5 done: 0.5 left at normal speed
        assertThat(left).isCloseTo(0.5, within(1e-12));
        q.runUntil(2.5); // the slowdown starts during the pause; nothing completes
        assertThat(server.completed[0]).isZero();
        q.resume(0, left, 2.5); // slowed: 0.5 of work at rate 1/3 would take 1.5, but 3 ends it
        q.runUntil(9); // by 3: 0.5 × 1/3 done, the other 1/3 at rate 1: ends 3 + 1/3
        assertThat(server.completed[0]).isCloseTo(3 + 1.0 / 3, within(1e-9));
    }

    /**
     * Every service does exactly its work: the time it spent at normal speed plus its slowed time
     * over the factor, summed over the slowdown schedule independently of the queue's bookkeeping,
     * is work / μ, for 3,000 random tasks on a three-slot server whose slowdowns cut across them.
     */
    @Test
    void everyServiceDoesItsWorkWhateverSlowdownsItSpans() {
        int n = 3000;
        double factor = 2.5;
        double on = 0.7;
        double off = 1.3;
        double phase = 0.2;
        double mu = 1.5;
        TimedServer server =
                new TimedServer(mu, 3, new Slowdowns(factor, on, off, new double[] {phase}), n);
        ServerQueues q = server.queues;
        SplittableRandom random = new SplittableRandom(11);
        double[] work = new double[n];
        double t = 0;
        for (int task = 0; task < n; task++) {
            t += -Math.log(1 - random.nextDouble()) / 1.5; // load about 0.7 of the slowed capacity
            work[task] = -Math.log(1 - random.nextDouble()) * (random.nextBoolean() ? 0.3 : 3);
            q.arrive(0, work[task], Double.POSITIVE_INFINITY, t);
        }
        // slowdowns recur forever: play them up to a time by which all is done
        q.runUntil(t + 1000);
        assertThat(q.queueLength(0)).isZero();
        int spanning = 0;
        for (int task = 0; task < n; task++) {
            double start = server.started[task];
            double end = server.completed[task];
            double slowed = overlapWithSlowdowns(start, end, phase, on, off);
            double normal = end - start - slowed;
            assertThat(normal + slowed / factor)
                    .as("task %d", task)
                    .isCloseTo(work[task] / mu, within(1e-9));
            if (slowed > 0 && normal > 0) {
                spanning++;
            }
        }
        assertThat(spanning).as("services that span a change of speed").isGreaterThan(n / 4);
    }

    /** How much of [from, to] lies in the slowdowns [phase + k(on + off), … + on), k ≥ 0. */
    private static double overlapWithSlowdowns(
            double from, double to, double phase, double on, double off) {
        double overlap = 0;
        for (double start = phase; start < to; start += on + off) {
            overlap += Math.max(0, Math.min(to, start + on) - Math.max(from, start));
        }
        return overlap;
    }

    /** One server whose tasks' start and completion times are kept, by task index. */
    private static final class TimedServer {
        final double[] started;
        final double[] completed;
        final ServerQueues queues;

        TimedServer(double mu, int slots, Slowdowns slowdowns, int tasks) {
            started = new double[tasks];
            completed = new double[tasks];
            queues =
                    new ServerQueues(
                            new double[] {mu},
                            new int[] {slots},
                            slowdowns,
                            new Log() {
                                @Override
                                public void started(int server, int task, double at) {
                                    started[task] = at;
                                }

                                @Override
                                public void completed(int server, int task, double at) {
                                    completed[task] = at;
                                }
                            });
        }

        void assertTimes(double[] expectedStart, double[] expectedEnd) {
            for (int task = 0; task < expectedStart.length; task++) {
                assertThat(started[task])
                        .as("start %d", task)
                        .isCloseTo(expectedStart[task], within(1e-9));
                assertThat(completed[task])
                        .as("end %d", task)
                        .isCloseTo(expectedEnd[task], within(1e-9));
            }
        }
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
