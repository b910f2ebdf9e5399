package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class SimulationTest {

    private static SimConfigBuilder busyFleet() {
        return SimConfig.builder()
                .servers(40)
                .tasks(8_000)
                .load(0.9)
                .patience(0.2)
                .routers(2)
                .failures(200, 5)
                .initialQueueMean(1)
                .seed(99);
    }

    @Test
    void theSameSeedGivesTheSameSummaryAndStepsAndAnotherSeedDoesNot() {
        for (PolicyName p :
                List.of(PolicyName.HEARTBEAT_K_LIVE, PolicyName.HEARTBEAT_K, PolicyName.HASH)) {
            SimResult a = Simulation.run(busyFleet().policy(p).build());
            SimResult b = Simulation.run(busyFleet().policy(p).build());
            assertThat(b.summary()).isEqualTo(a.summary());
            assertThat(b.steps()).isEqualTo(a.steps());
            SimResult c = Simulation.run(busyFleet().policy(p).seed(100).build());
            assertThat(c.summary()).isNotEqualTo(a.summary());
        }
    }

    @Test
    void everyTaskIsCountedOnceAsServedAbandonedOrFailed() {
        for (PolicyName p : PolicyName.values()) {
            SimResult r = Simulation.run(busyFleet().policy(p).tasks(4_000).build());
            assertThat(r.completed() + r.abandoned() + r.failed())
                    .as(p.configName())
                    .isEqualTo(r.countedTasks());
            assertThat(r.failed()).as("failures lose tasks").isPositive();
            long perStep = r.steps().stream().mapToLong(s -> s.completions()).sum();
            assertThat(perStep).isEqualTo(r.completed());
            assertThat(r.steps().get(r.steps().size() - 1).cumulativeCompleted())
                    .isEqualTo(r.completed());
            assertThat(r.steps().stream().mapToLong(StepMetrics::heartbeatTriggers).sum())
                    .isEqualTo(r.heartbeatTriggers());
        }
        SimResult cancel =
                Simulation.run(
                        busyFleet()
                                .policy(PolicyName.JIQ)
                                .impatience(Impatience.CANCEL_RESTORE)
                                .build());
        assertThat(cancel.completed() + cancel.abandoned() + cancel.failed())
                .isEqualTo(cancel.countedTasks());
        assertThat(cancel.blocked()).isPositive();
    }

    @Test
    void routersStopSendingToAFailedServerOnceItsHeartbeatsAreOverdue() {
        // rare failures, long repairs: a loss happens only between a failure and its detection (3
        // intervals)
        SimConfig c =
                SimConfig.builder()
                        .policy(PolicyName.ROUND_ROBIN)
                        .servers(50)
                        .tasks(50_000)
                        .load(0.5)
                        .heartbeat(AdaptiveHeartbeat.fixed(100))
                        .failures(500, 100)
                        .seed(4)
                        .build();
        SimResult r = Simulation.run(c);
        // each failure loses its queue (about rho/(1-rho) = 1 task) plus the round-robin share sent
        // before detection
        // (0.3 time units · 25 tasks per unit / 50 servers ≈ 0.15); about duration·N/(mtbf+mttr) ≈
        // 170 failures
        double failures = r.duration() * 50 / 600;
        assertThat((double) r.failed()).isLessThan(3 * failures);
        SimConfig slow = c.toBuilder().heartbeat(AdaptiveHeartbeat.fixed(5_000)).build();
        assertThat(Simulation.run(slow).failed())
                .as("slower detection loses more")
                .isGreaterThan(r.failed());
    }

    @Test
    void severalJiqRoutersServeMostTasksFromIdleQueuesAtLowLoad() {
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.JIQ)
                                .servers(100)
                                .tasks(30_000)
                                .load(0.3)
                                .routers(4)
                                .seed(8)
                                .build());
        assertThat(r.idleQueueFraction()).isGreaterThan(0.9);
        assertThat(r.meanWait().getAsDouble()).isLessThan(0.02);
    }

    @Test
    void liveKWithInFlightBeatsSteadyStateKBetweenStaleHeartbeats() {
        SimConfigBuilder b =
                SimConfig.builder()
                        .servers(100)
                        .tasks(30_000)
                        .load(0.95)
                        .patience(0.1)
                        .heartbeat(AdaptiveHeartbeat.fixed(2_000))
                        .idleHeartbeat(false)
                        .seed(12);
        SimResult steady = Simulation.run(b.policy(PolicyName.HEARTBEAT_K).build());
        SimResult live = Simulation.run(b.policy(PolicyName.HEARTBEAT_K_LIVE).build());
        assertThat(live.meanSojourn().getAsDouble()).isLessThan(steady.meanSojourn().getAsDouble());
        assertThat(live.abandonRate()).isLessThan(steady.abandonRate());
    }

    @Test
    void renewalArrivalsComeAtTheConfiguredRateAndSurgeRisesThenFalls() {
        for (String spec : List.of("poisson", "erlang:4", "h2:4", "deterministic")) {
            ArrivalProcess a = ArrivalProcess.parse(spec, 50, 1);
            SplittableRandom rnd = new SplittableRandom(1);
            double t = 0;
            int n = 200_000;
            for (int i = 0; i < n; i++) {
                t = a.next(t, rnd);
            }
            assertThat(n / t)
                    .as(spec)
                    .isCloseTo(50, within(50 * ("h2:4".equals(spec) ? 0.03 : 0.01)));
        }
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.JIQ)
                                .servers(50)
                                .tasks(20_000)
                                .arrivals("surge")
                                .load(0.8)
                                .stepLength(20)
                                .seed(2)
                                .build());
        List<StepMetrics> s = r.steps();
        long first = s.get(0).arrivals();
        long peak = s.stream().mapToLong(StepMetrics::arrivals).max().orElseThrow();
        long middle = s.get((int) (s.size() * 0.45)).arrivals();
        assertThat(peak).isGreaterThan(3 * first);
        assertThat(middle).isGreaterThan(2 * first);
    }

    @Test
    void aTraceIsReplayedWithItsKeys(@TempDir Path dir) throws IOException {
        Path trace = dir.resolve("trace.csv");
        StringBuilder csv = new StringBuilder("time,key\n");
        for (int i = 0; i < 1000; i++) {
            csv.append(i * 0.05).append(',').append("user-").append(i % 7).append('\n');
        }
        Files.writeString(trace, csv.toString());
        SimResult r =
                Simulation.run(
                        SimConfig.builder()
                                .policy(PolicyName.HASH)
                                .servers(20)
                                .tasks(5_000)
                                .arrivals("trace:" + trace)
                                .seed(1)
                                .build());
        assertThat(r.countedTasks()).isEqualTo(1000);
        assertThat(r.completed()).isEqualTo(1000);
        // seven keys: at most seven servers ever busy, so the occupancy is at most 7/20
        assertThat(r.steps().stream().mapToDouble(StepMetrics::occupancy).max().orElseThrow())
                .isLessThanOrEqualTo(7 / 20.0);
    }

    @Test
    void badSettingsNameTheSettingNotAnOption() {
        assertThatThrownBy(() -> SimConfig.builder().load(-1).build())
                .isInstanceOfSatisfying(
                        InvalidSettingException.class,
                        e -> {
                            assertThat(e.setting()).isEqualTo(SimSetting.LOAD);
                            assertThat(e.messageNaming("--load"))
                                    .isEqualTo("--load must be > 0 (got -1.0)");
                        })
                .hasMessage("the load must be > 0 (got -1.0)");
        assertThat(settingAtFault(() -> SimConfig.builder().arrivals("weibull").build()))
                .isEqualTo(SimSetting.ARRIVALS);
        assertThat(settingAtFault(() -> SimConfig.builder().heterogeneity("uniform:2").build()))
                .isEqualTo(SimSetting.HETEROGENEITY);
        assertThat(settingAtFault(() -> SimConfig.builder().service("erlang:0").build()))
                .isEqualTo(SimSetting.SERVICE);
        assertThat(settingAtFault(() -> SimConfig.builder().tasks(10).warmupTasks(10).build()))
                .isEqualTo(SimSetting.WARMUP_TASKS);
        assertThatThrownBy(() -> SimConfig.builder().service("erlang:0").build())
                .hasMessageNotContaining("--");
    }

    private static SimSetting settingAtFault(Runnable build) {
        try {
            build.run();
        } catch (InvalidSettingException e) {
            return e.setting();
        }
        throw new AssertionError("no InvalidSettingException");
    }
}
