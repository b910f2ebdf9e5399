package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Slowdowns;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/**
 * The digital twin against a recorded real run: {@code ./qrouter demo --servers 8 --rate 100
 * --duration 15s --warmup 3s --seed 11} (heartbeat-k-live, 2 routers, at-least-once), its tasks.csv
 * and servers.csv kept in src/test/resources/twin. The simulator, given the run's tasks and delays,
 * must reproduce the run's figures.
 */
class DigitalTwinTest {
    private static final Path RUN = Path.of("src/test/resources/twin");
    private static final double WARMUP = 3;

    /**
     * The twin's own draws (service times, delays) move a p99 of 1,442 tasks by ±15 % from seed to
     * seed, so its figures are averaged over ten seeds before they are compared. So averaged, its
     * p99 is 17 % above the run's (0.496 s against 0.424 s, before and after μ now alike; seed 11
     * alone, which this test once used, gave 13 %): the p99 bound is 20 %, the mean's 15 %.
     */
    @Test
    void theTwinReproducesTheRecordedRunsWaitsAndAbandonment() throws Exception {
        List<TaskTimeline> tasks = TaskTimeline.read(RUN.resolve("tasks.csv.gz"));
        RunFigures measured = RunFigures.of(tasks, WARMUP);
        double twinMean = 0;
        double twinP99 = 0;
        double twinShare = 0;
        int seeds = 10;
        for (long seed = 11; seed < 11 + seeds; seed++) {
            Map<String, Object> twin =
                    DigitalTwin.predict(
                            servers(), tasks, WARMUP, job(PolicyName.HEARTBEAT_K_LIVE), seed);
            assertThat(twin.get("decided")).isEqualTo(measured.decided());
            twinMean += mean(wait(twin)) / seeds;
            twinP99 += ((Number) wait(twin).get("p99")).doubleValue() / seeds;
            twinShare += share(twin) / seeds;
        }

        assertThat(measured.decided()).isEqualTo(1442);
        double measuredWait = mean(measured.waitSeconds());
        assertThat(twinMean).isCloseTo(measuredWait, within(0.15 * measuredWait));
        double p99 = ((Number) measured.waitSeconds().get("p99")).doubleValue();
        assertThat(twinP99).isCloseTo(p99, within(0.20 * p99));
        assertThat(twinShare)
                .isCloseTo((double) measured.abandoned() / measured.decided(), within(0.02));
    }

    @Test
    void theTwinTellsPoliciesApartOnTheSameWorkload() throws Exception {
        // A control: the same tasks under round-robin must predict clearly longer waits, or the
        // match above
        // would prove nothing about the policy.
        List<TaskTimeline> tasks = TaskTimeline.read(RUN.resolve("tasks.csv.gz"));
        double live =
                mean(
                        wait(
                                DigitalTwin.predict(
                                        servers(),
                                        tasks,
                                        WARMUP,
                                        job(PolicyName.HEARTBEAT_K_LIVE),
                                        11)));
        double roundRobin =
                mean(
                        wait(
                                DigitalTwin.predict(
                                        servers(),
                                        tasks,
                                        WARMUP,
                                        job(PolicyName.ROUND_ROBIN),
                                        11)));
        assertThat(roundRobin).isGreaterThan(1.3 * live);
    }

    /**
     * A run whose routers drew the delays of all updates, not only the chosen servers', is replayed
     * with those: updates half a second late, where the chosen servers' were 82 ms at the median,
     * must leave the twin's routers stale, and its waits longer.
     */
    @Test
    void theTwinReplaysTheDelaysTheRoutersDrewFromEveryUpdate() throws Exception {
        List<TaskTimeline> tasks = TaskTimeline.read(RUN.resolve("tasks.csv.gz"));
        List<TaskTimeline> late = tasks.stream().map(t -> withSampledDelay(t, 0.5)).toList();
        DigitalTwin.JobModel job = job(PolicyName.HEARTBEAT_K_LIVE);
        Map<String, Object> asRecorded = DigitalTwin.predict(servers(), tasks, WARMUP, job, 11);
        Map<String, Object> stale = DigitalTwin.predict(servers(), late, WARMUP, job, 11);
        assertThat(((Number) delays(asRecorded).get("p50")).doubleValue()).isLessThan(0.2);
        assertThat(delays(stale).get("p50")).isEqualTo(0.5);
        assertThat(mean(wait(stale))).isGreaterThan(1.2 * mean(wait(asRecorded)));
    }

    private static TaskTimeline withSampledDelay(TaskTimeline t, double seconds) {
        return new TaskTimeline(
                t.taskId(),
                t.createdAt(),
                t.sentAt(),
                t.appendedAt(),
                t.decidedAt(),
                t.decisionAppendedAt(),
                t.receivedAt(),
                t.startedAt(),
                t.finishedAt(),
                t.outcome(),
                t.serverId(),
                t.rule(),
                t.work(),
                t.patienceSeconds(),
                t.updateDelaySeconds(),
                seconds);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> delays(Map<String, Object> twin) {
        return (Map<String, Object>) twin.get("update_delay_seconds");
    }

    /**
     * The job's defaults: heartbeats 250–2000 ms, estimators over 60 s in 60 buckets from 20
     * events.
     */
    private static DigitalTwin.JobModel job(PolicyName policy) {
        EstimatorConfig estimators = new EstimatorConfig();
        estimators.setWindowMillis(60_000);
        estimators.setBucketCount(60);
        estimators.setMinArrivals(20);
        estimators.setMinCompletions(20);
        estimators.setMinExits(20);
        estimators.setMinWaits(20);
        estimators.setMinRecoveries(20);
        return new DigitalTwin.JobModel(
                policy,
                2,
                new AdaptiveHeartbeat(250, 2_000),
                estimators.validate(),
                1.0,
                0,
                false); // recorded before the task placer: tasks went to routers by id
    }

    /** The recorded run's servers: single-slot, at a steady speed. */
    private static DigitalTwin.Servers servers() throws Exception {
        List<String[]> rows =
                Files.readAllLines(RUN.resolve("servers.csv")).stream()
                        .skip(1)
                        .map(line -> line.split(","))
                        .toList();
        return new DigitalTwin.Servers(
                rows.stream().map(row -> row[0]).toList(),
                rows.stream().mapToDouble(row -> Double.parseDouble(row[1])).toArray(),
                FleetServers.oneSlotEach(rows.size()),
                Slowdowns.NONE);
    }

    @SuppressWarnings("unchecked")
    private static Map<String, Object> wait(Map<String, Object> figures) {
        return (Map<String, Object>) figures.get("wait_seconds");
    }

    private static double mean(Map<String, Object> summary) {
        return ((Number) summary.get("mean")).doubleValue();
    }

    private static double share(Map<String, Object> twin) {
        return ((Number) twin.get("abandoned")).doubleValue()
                / ((Number) twin.get("decided")).doubleValue();
    }
}
