package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.core.type.TypeReference;
import io.qrouter.tools.report.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * {@code qrouter twin --run} on a recorded real run ({@code src/test/resources/twin}: 8 servers,
 * heartbeat-k-live, 2 routers; see DigitalTwinTest) with a report.json of its measured figures,
 * which were computed from its tasks.csv by an independent script (numbers below).
 */
class TwinCommandTest {
    @TempDir static Path run;

    /**
     * The run's measured figures over the tasks created after its 3 s warm-up, computed from
     * tasks.csv.gz by a Python script (wait = started_at - received_at; 69 of 1,442 abandoned).
     */
    static final double MEAN_WAIT = 0.07750;

    static final double P99_WAIT = 0.4242;

    /**
     * The 95 % interval of the measured mean wait by the same script: the 1,365 waits in creation
     * order in five batches (lag-1 autocorrelation 0.52 with twenty, 0.27 with ten), the mean ±
     * t(0.975, 4) = 2.776445 times the batch means' standard error.
     */
    static final double MEAN_WAIT_LOW = 0.039377;

    static final double MEAN_WAIT_HIGH = 0.115624;
    static final double ABANDONED = 69.0 / 1442;

    private static final String WAIT = "wait_mean_seconds";

    @BeforeAll
    static void recordedRun() throws Exception {
        writeRecordedRun(run);
    }

    /** The recorded run's files, as the demo writes them, into {@code run}. */
    static void writeRecordedRun(Path run) throws Exception {
        Path resources = Path.of("src/test/resources/twin");
        Files.copy(resources.resolve("tasks.csv.gz"), run.resolve("tasks.csv.gz"));
        Files.copy(resources.resolve("servers.csv"), run.resolve("servers.csv"));
        Map<String, Object> report = new LinkedHashMap<>();
        report.put("warmup_seconds", 3.0);
        report.put("decided", 1442);
        report.put("wait_seconds", Map.of("mean", MEAN_WAIT, "p99", P99_WAIT));
        report.put("abandoned_share", ABANDONED);
        report.put("workload", Map.of("load", 0.8, "seed", 11));
        report.put(
                "twin_keys",
                Map.of(
                        "router.policy", "heartbeat-k-live",
                        "router.parallelism", "2",
                        "heartbeat.min-interval.ms", "250",
                        "heartbeat.max-interval.ms", "2000"));
        Json.write(run.resolve("report.json"), report);
    }

    @Test
    void theTwinAsRunMatchesTheMeasuredRun() throws Exception {
        Map<String, Object> out = json("twin", "--run", run.toString(), "--json");
        assertThat(figure(out, "measured", "wait_mean_seconds")).isEqualTo(MEAN_WAIT);
        // this report.json predates the interval: the twin computes it from tasks.csv
        assertThat(figure(out, "measured", "wait_mean_ci95_low"))
                .isCloseTo(MEAN_WAIT_LOW, within(1e-5));
        assertThat(figure(out, "measured", "wait_mean_ci95_high"))
                .isCloseTo(MEAN_WAIT_HIGH, within(1e-5));
        assertThat(figure(out, "twin", "wait_mean_seconds"))
                .isCloseTo(MEAN_WAIT, within(0.12 * MEAN_WAIT));
        // A p99 of 1,442 tasks rests on 14 of them: one replay's moves by a fifth with the replay's
        // own seed alone (0.40-0.51 s over seeds 1-10), so the mean of ten replays is held to it.
        double p99 = 0;
        for (int seed = 1; seed <= 10; seed++) {
            Map<String, Object> replay =
                    json("twin", "--run", run.toString(), "--json", "--seed", "" + seed);
            p99 += figure(replay, "twin", "wait_p99_seconds") / 10;
        }
        assertThat(p99).isCloseTo(P99_WAIT, within(0.15 * P99_WAIT));
        // The recording predates the policy's later changes, which the replay routes with: the
        // abandonment is held to issue 27's bound for the twin, 1.3x either way.
        assertThat(figure(out, "twin", "abandoned_share"))
                .isBetween(ABANDONED / 1.3, ABANDONED * 1.3);
        assertThat(out).doesNotContainKey("what_if_twin");
        // the replay's mean wait comes with its 95 % interval (batch means of its tasks), which
        // holds the measured mean; it is wide, as this run's waits fall from 0.16 s to 0.03 s
        // over its 20 s (the means of its five batches: 0.121, 0.094, 0.066, 0.040, 0.066)
        double low = figure(out, "twin", "wait_mean_ci95_low");
        double high = figure(out, "twin", "wait_mean_ci95_high");
        assertThat(MEAN_WAIT).isBetween(low, high);
        assertThat(figure(out, "twin", WAIT)).isBetween(low, high);
        assertThat(high - low).isLessThan(1.5 * MEAN_WAIT);
    }

    @Test
    void whatIfTheDelaysWereShorterOrLonger() throws Exception {
        double asRun = twinAsRunWait();
        Map<String, Object> none = json("twin", "--run", run.toString(), "--json", "--delays", "0");
        assertThat(none.get("what_if")).isEqualTo("delays x0.0");
        // with no delay at all, what remains is the routing's own wait
        assertThat(figure(none, "what_if_twin", WAIT)).isLessThan(0.6 * asRun);
        assertThat(whatIfWait("--delays", "0.5")).isLessThan(asRun);
        assertThat(whatIfWait("--delays", "2")).isGreaterThan(1.1 * asRun);
    }

    @Test
    void whatIfAnotherPolicyMoreServersOrLessLoad() throws Exception {
        double asRun = twinAsRunWait();
        Map<String, Object> roundRobin =
                json("twin", "--run", run.toString(), "--json", "--policy", "round-robin");
        assertThat(roundRobin.get("what_if")).isEqualTo("policy round-robin");
        assertThat(figure(roundRobin, "what_if_twin", WAIT)).isGreaterThan(1.3 * asRun);
        assertThat(whatIfWait("--servers", "16")).isLessThan(0.5 * asRun);
        assertThat(whatIfWait("--load", "0.5")).isLessThan(0.8 * asRun);
        assertThat(whatIfWait("--load", "0.95")).isGreaterThan(asRun);
    }

    @Test
    void theTableShowsMeasuredTwinAndWhatIfSideBySide() {
        CommandRun r = CommandRun.of("twin", "--run", run.toString(), "--routers", "1");
        assertThat(r.exitCode()).as(r.err()).isZero();
        assertThat(r.out())
                .contains("heartbeat-k-live, 2 routers, 8 servers, load 0.8")
                .contains("twin: 1 router")
                .containsPattern("wait mean +0\\.0775 s +0\\.0\\d{3} s +0\\.\\d{3,4} s")
                .containsPattern(
                        "95 % interval +0\\.0394–0\\.116 +0\\.0\\d+–0\\.\\d+ +0\\.\\d+–0\\.\\d+")
                .containsPattern("abandoned +4\\.8 %");
    }

    @Test
    void badArgumentsNameTheOptionAndItsRange(@TempDir Path empty) {
        CommandRun missing = CommandRun.of("twin", "--run", empty.toString());
        assertThat(missing.exitCode()).isEqualTo(2);
        assertThat(missing.err()).contains("--run").contains("has no report.json");
        CommandRun routers = CommandRun.of("twin", "--run", run.toString(), "--routers", "0");
        assertThat(routers.exitCode()).isEqualTo(2);
        assertThat(routers.err()).contains("routers must be >= 1 (got 0)");
        CommandRun policy = CommandRun.of("twin", "--run", run.toString(), "--policy", "fastest");
        assertThat(policy.exitCode()).isEqualTo(2);
        assertThat(policy.err()).contains("--policy").contains("fastest");
        CommandRun delays = CommandRun.of("twin", "--run", run.toString(), "--delays", "-1");
        assertThat(delays.exitCode()).isEqualTo(2);
        assertThat(delays.err())
                .contains("--delays")
                .contains("delays must be a finite factor >= 0 (got -1.0)");
    }

    /** The twin's mean wait on the run as it ran. */
    private static double twinAsRunWait() throws Exception {
        return figure(json("twin", "--run", run.toString(), "--json"), "twin", WAIT);
    }

    /** The what-if twin's mean wait with one other setting. */
    private static double whatIfWait(String option, String value) throws Exception {
        return figure(
                json("twin", "--run", run.toString(), "--json", option, value),
                "what_if_twin",
                WAIT);
    }

    static Map<String, Object> json(String... args) throws Exception {
        CommandRun r = CommandRun.of(args);
        assertThat(r.exitCode()).as(r.err()).isZero();
        return Json.MAPPER.readValue(r.out(), new TypeReference<>() {});
    }

    @SuppressWarnings("unchecked")
    static double figure(Map<String, Object> out, String column, String key) {
        return ((Number) ((Map<String, Object>) out.get(column)).get(key)).doubleValue();
    }
}
