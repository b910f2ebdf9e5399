package io.qrouter.core.policy;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** Prequal's hot-cold lexicographic rule, probe reuse and probe age, on hand-worked cases. */
class PrequalPolicyTest {

    private static RoutingPolicy prequal(PrequalSettings settings, ServerSnapshot... servers) {
        RoutingPolicy p =
                Policies.create(
                        PolicyConfig.of(PolicyName.PREQUAL).withPrequal(settings),
                        new SplittableRandom(3));
        for (ServerSnapshot s : servers) {
            p.onSnapshot(s);
        }
        return p;
    }

    /** A one-slot server whose latency at its queue is {@code latency}: (queue + 1) / μ. */
    private static ServerSnapshot server(String id, int queue, double latency) {
        return ServerSnapshot.ofQueue(id, 0, queue, (queue + 1) / latency);
    }

    @Test
    void amongColdProbesTheLowestLatencyWins() {
        // three probes of three servers: RIF 0, 1, 9; the median (Q_RIF 0.5, nearest rank) is 1,
        // so c (RIF 9) is hot despite its lowest latency, and b is the fastest cold one
        RoutingPolicy p =
                prequal(
                        new PrequalSettings(16, 3, 0.5, 1000, 1),
                        server("a", 0, 0.5),
                        server("b", 1, 0.1),
                        server("c", 9, 0.05));
        Decision d = p.route("t", 0).orElseThrow();
        assertThat(d.serverId()).isEqualTo("b");
        assertThat(d.rule()).isEqualTo(Rule.PREQUAL_COLD);
    }

    @Test
    void withAHighQuantileEveryProbeIsColdAndLatencyAloneDecides() {
        RoutingPolicy p =
                prequal(
                        PrequalSettings.PAPER,
                        server("a", 0, 0.5),
                        server("b", 1, 0.1),
                        server("c", 9, 0.05));
        // 0.84 of three probes is the third: RIF 9, so c is cold and the fastest
        assertThat(p.route("t", 0).orElseThrow().serverId()).isEqualTo("c");
    }

    @Test
    void whenEveryProbeIsHotTheLowestRifWins() {
        // one server, probes reused: the first task finds RIF 0 (cold); the second probe finds
        // RIF 1 while the history's median is 0, and the reused first probe counts its task too
        RoutingPolicy p = prequal(new PrequalSettings(4, 1, 0.5, 1000, 10), server("a", 0, 0.2));
        assertThat(p.route("t", 0).orElseThrow().rule()).isEqualTo(Rule.PREQUAL_COLD);
        assertThat(p.route("t", 1).orElseThrow().rule()).isEqualTo(Rule.PREQUAL_HOT);
    }

    @Test
    void aProbeIsUsedAtMostItsReuseBudgetAndThePoolAtMostItsSize() {
        PrequalPolicy once =
                (PrequalPolicy)
                        prequal(new PrequalSettings(16, 1, 1.0, 1000, 1), server("a", 0, 0.1));
        PrequalPolicy often =
                (PrequalPolicy)
                        prequal(new PrequalSettings(16, 1, 1.0, 1000, 1000), server("a", 0, 0.1));
        for (int i = 0; i < 40; i++) {
            once.route("t", 0);
            often.route("t", 0);
            assertThat(once.poolSize()).isZero();
            assertThat(often.poolSize()).isEqualTo(Math.min(i + 1, 16));
        }
    }

    @Test
    void probesOlderThanTheMaximumAgeAreDropped() {
        PrequalPolicy p =
                (PrequalPolicy)
                        prequal(
                                new PrequalSettings(16, 1, 1.0, 100, 1000),
                                server("a", 0, 0.01),
                                server("b", 0, 0.5));
        for (int i = 0; i < 5; i++) {
            p.route("t", 100);
        }
        assertThat(p.poolSize()).isEqualTo(5);
        p.route("t", 200);
        assertThat(p.poolSize()).isEqualTo(6);
        // 101 ms after they were taken the five first probes are too old; the sixth is not
        p.route("t", 201);
        assertThat(p.poolSize()).isEqualTo(2);
    }

    @Test
    void aProbesLatencyIsTheServersAtItsRif() {
        // 10 tasks a second per slot on 4 slots: up to 3 tasks ahead a task starts at once and
        // takes
        // 0.1 s; with 5 ahead it waits for 2 departures at 4 per 0.1 s
        ServerSnapshot s = ServerSnapshot.ofQueue("a", 0, 0, 10).withSlots(4).withRecentTimes(9, 9);
        assertThat(PrequalPolicy.latencyAt(s, 0)).isEqualTo(0.1);
        assertThat(PrequalPolicy.latencyAt(s, 3)).isEqualTo(0.1);
        assertThat(PrequalPolicy.latencyAt(s, 5))
                .isCloseTo(0.15, org.assertj.core.api.Assertions.within(1e-15));
        // without a rate, the recent sojourn
        assertThat(
                        PrequalPolicy.latencyAt(
                                ServerSnapshot.ofQueue("b", 0, 0, 0).withRecentTimes(0.3, 0), 5))
                .isEqualTo(0.3);
    }
}
