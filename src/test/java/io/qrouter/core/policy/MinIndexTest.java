package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class MinIndexTest {

    @Test
    void minimumAndRunnerUpAgreeWithAScanUnderRandomUpdates() {
        SplittableRandom rnd = new SplittableRandom(7);
        MinIndex index = new MinIndex(new SplittableRandom(1));
        int n = 300;
        double[] keys = new double[n];
        boolean[] present = new boolean[n];
        for (int step = 0; step < 20_000; step++) {
            int slot = rnd.nextInt(n);
            if (rnd.nextInt(5) == 0) {
                index.remove(slot);
                present[slot] = false;
            } else {
                // few distinct keys, so ties are common; some +inf (overloaded servers)
                double k = rnd.nextInt(10) == 0 ? Double.POSITIVE_INFINITY : rnd.nextInt(20);
                index.set(slot, k);
                keys[slot] = k;
                present[slot] = true;
            }
            double best = Double.NaN;
            int count = 0;
            for (int s = 0; s < n; s++) {
                if (present[s]) {
                    count++;
                    if (Double.isNaN(best) || keys[s] < best) {
                        best = keys[s];
                    }
                }
            }
            assertThat(index.size()).isEqualTo(count);
            if (count == 0) {
                assertThat(index.min()).isEqualTo(-1);
                continue;
            }
            int min = index.min();
            assertThat(present[min]).isTrue();
            assertThat(keys[min]).isEqualTo(best);
            if (count >= 2) {
                int second = index.runnerUp();
                double secondBest = Double.NaN;
                for (int s = 0; s < n; s++) {
                    if (present[s]
                            && s != min
                            && (Double.isNaN(secondBest) || keys[s] < secondBest)) {
                        secondBest = keys[s];
                    }
                }
                assertThat(second).isNotEqualTo(min);
                assertThat(keys[second]).isEqualTo(secondBest);
            }
        }
    }

    /**
     * One abandonment rate for the fleet: live K reads the fleet's (FleetPatience), not each one's.
     */
    private static final double ALPHA_C = 0.25;

    @Test
    void liveKPolicyChoosesTheMinimumOfABruteForceScanOverTheView() {
        LoadIndexWeights w = LoadIndexWeights.EQUAL;
        RoutingPolicy p =
                Policies.create(
                        PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE), new SplittableRandom(3));
        SplittableRandom rnd = new SplittableRandom(11);
        int n = 200;
        long now = 0;
        for (int step = 0; step < 5_000; step++) {
            now += 1;
            String id = "s" + rnd.nextInt(n);
            // every server busy, so the idle queue never fires and MIN_K decides
            boolean alive = rnd.nextInt(20) != 0;
            p.onSnapshot(
                    new ServerSnapshot(
                            id,
                            now,
                            alive,
                            1 + rnd.nextInt(30),
                            true,
                            1.0,
                            0.5,
                            0.5 + rnd.nextDouble(2),
                            ALPHA_C));
            if (step % 3 == 0) {
                RouterView v = p.view();
                double bruteMin = Double.POSITIVE_INFINITY;
                for (int i = 0; i < v.aliveCount(); i++) {
                    int s = v.aliveSlot(i);
                    ServerSnapshot snap = v.snapshot(s);
                    bruteMin =
                            Math.min(
                                    bruteMin,
                                    LoadIndex.live(
                                            v.load(s),
                                            snap.effectiveMu(),
                                            ALPHA_C,
                                            PolicyConfig.DEFAULT_LOAD_INDEX_TIME_UNIT_SECONDS,
                                            w));
                }
                Decision d = p.route("t" + step, now).orElseThrow();
                assertThat(d.rule()).isEqualTo(Rule.MIN_K);
                assertThat(d.chosenK().getAsDouble()).isEqualTo(bruteMin);
            }
        }
    }

    @Test
    void steadyStateKRanksOverloadedServersLastAndFallsBackWhenAllAre() {
        RoutingPolicy p =
                Policies.create(PolicyConfig.of(PolicyName.HEARTBEAT_K), new SplittableRandom(3));
        p.onSnapshot(new ServerSnapshot("over", 1, true, 5, true, 1, 2.0, 1.0, 0.0));
        p.onSnapshot(new ServerSnapshot("fine", 1, true, 5, true, 1, 0.5, 1.0, 0.0));
        Decision d = p.route("t", 2).orElseThrow();
        assertThat(d.serverId()).isEqualTo("fine");
        assertThat(d.rule()).isEqualTo(Rule.MIN_K);
        assertThat(d.runnerUpServerId()).contains("over");
        assertThat(d.runnerUpK()).isEmpty();

        p.onSnapshot(new ServerSnapshot("fine", 3, true, 5, true, 1, 3.0, 1.0, 0.0));
        Decision all = p.route("t", 4).orElseThrow();
        assertThat(all.rule()).isEqualTo(Rule.FALLBACK);
        assertThat(all.chosenK()).isEmpty();
    }
}
