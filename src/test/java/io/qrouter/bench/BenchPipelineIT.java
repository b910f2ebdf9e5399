package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.tools.cli.Main;
import io.qrouter.tools.report.Json;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;

/**
 * A tiny {@code qrouter bench pipeline} end to end: broker, bare pipe, job, live rates; its JSON
 * and its files.
 */
class BenchPipelineIT {
    /**
     * More than one consumer poll (500 records): a side that decides every task in its first batch
     * has no measured interval.
     */
    private static final int TASKS = 2000;

    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void aTinyRunMeasuresBothSidesAndWritesTheIssuesKeys(@TempDir Path out) throws Exception {
        String json =
                stdout(
                        "bench",
                        "pipeline",
                        "--tasks",
                        Integer.toString(TASKS),
                        "--servers",
                        "5",
                        "--rates",
                        "50,100",
                        "--preroll",
                        "1s",
                        "--warmup",
                        "0s",
                        "--measure",
                        "1s",
                        "--idle",
                        "1s",
                        // several checkpoints within each 1 s latency point
                        "--set",
                        "checkpoint.interval.ms=200",
                        "--no-progress",
                        "--json",
                        "--out",
                        out.toString());
        assertThat(json).doesNotContain("NaN").doesNotContain("Infinity");
        JsonNode j = Json.MAPPER.readTree(json);

        JsonNode throughput = j.get("throughput");
        for (String key :
                new String[] {
                    "bare_tasks_per_second",
                    "job_tasks_per_second",
                    "ratio",
                    "bare_cpu_us_per_task",
                    "job_cpu_us_per_task",
                    "job_first_decision_seconds"
                }) {
            assertThat(throughput.get(key).asDouble()).as(key).isPositive();
        }
        assertThat(throughput.get("ratio").asDouble())
                .isCloseTo(
                        throughput.get("job_tasks_per_second").asDouble()
                                / throughput.get("bare_tasks_per_second").asDouble(),
                        org.assertj.core.api.Assertions.within(1e-9));

        JsonNode latency = j.get("latency");
        assertThat(latency.get("rate_per_second").asDouble()).isEqualTo(100);
        for (String key : new String[] {"bare_p99_ms", "job_p99_ms", "p99_ratio"}) {
            assertThat(latency.get(key).asDouble()).as(key).isPositive();
        }
        JsonNode run = j.get("runs").get(0);
        // the workload's tasks and the tail task that closes its one partition
        assertThat(run.get("throughput").get("job").get(0).get("tasks").asLong())
                .isEqualTo(TASKS + 1);
        assertThat(run.get("throughput").get("job").get(0).get("dead_letters").asLong()).isZero();
        // per input record: the job reads each task, its lifecycle events (ENQUEUED, and STARTED
        // and
        // COMPLETED unless it was abandoned or still running at the end) and heartbeats
        JsonNode preloaded = run.get("throughput");
        long lifecycleEvents = preloaded.get("lifecycle_events").asLong();
        assertThat(lifecycleEvents).isBetween(2L * TASKS, 3L * TASKS);
        double recordsPerTask =
                (double)
                                (preloaded.get("tasks").asLong()
                                        + lifecycleEvents
                                        + preloaded.get("heartbeats").asLong())
                        / preloaded.get("tasks").asLong();
        assertThat(throughput.get("job_records_per_task").asDouble())
                .isCloseTo(recordsPerTask, org.assertj.core.api.Assertions.within(1e-9))
                .isGreaterThan(3.0);
        assertThat(throughput.get("records_ratio").asDouble())
                .isCloseTo(
                        throughput.get("ratio").asDouble() * recordsPerTask,
                        org.assertj.core.api.Assertions.within(1e-9));
        // the Flink floor drained the same workload, beside the job: every task decided, and its
        // records per second are its tasks per second times what each task brought
        JsonNode floor = run.get("throughput").get("floor");
        assertThat(floor.get("side").asText()).isEqualTo("flink-floor/hashmap");
        assertThat(floor.get("tasks").asLong()).isEqualTo(TASKS + 1);
        JsonNode byServers = throughput.get("by_servers");
        assertThat(byServers).hasSize(1);
        JsonNode n5 = byServers.get(0);
        assertThat(n5.get("servers").asInt()).isEqualTo(5);
        assertThat(n5.get("floor_tasks_per_second").asDouble())
                .isEqualTo(floor.get("tasks_per_second").asDouble())
                .isEqualTo(throughput.get("floor_tasks_per_second").asDouble());
        assertThat(n5.get("floor_records_per_second").asDouble())
                .isCloseTo(
                        floor.get("tasks_per_second").asDouble() * recordsPerTask,
                        org.assertj.core.api.Assertions.within(1e-6));
        assertThat(n5.get("job_records_per_second").asDouble())
                .isEqualTo(throughput.get("job_records_per_second").asDouble());
        assertThat(n5.get("bare_tasks_per_second").asDouble())
                .isEqualTo(throughput.get("bare_tasks_per_second").asDouble());
        // --preroll 1s: one unmeasured drain by each side before the measured ones
        assertThat(run.get("throughput").get("warmup_rounds").asInt()).isEqualTo(1);
        // three measured drains a side, the median reported
        for (JsonNode side :
                List.of(
                        run.get("throughput").get("bare"),
                        run.get("throughput").get("job").get(0),
                        floor)) {
            List<Double> rounds = new ArrayList<>();
            side.get("rounds_tasks_per_second").forEach(r -> rounds.add(r.asDouble()));
            assertThat(rounds).hasSize(3);
            Collections.sort(rounds);
            assertThat(side.get("tasks_per_second").asDouble()).isEqualTo(rounds.get(1));
            if (Files.isDirectory(JvmThreadsCpu.PROC_SELF_TASKS)) {
                // the JIT's and the collector's part of the process: /proc counts in 10 ms ticks,
                // so each of their threads may be off by one tick
                double jit = side.get("jit_cpu_us_per_task").asDouble();
                double gc = side.get("gc_cpu_us_per_task").asDouble();
                double oneTickPerThread = 16 * 10_000.0 / side.get("tasks").asLong();
                assertThat(jit).isNotNegative();
                assertThat(gc).isNotNegative();
                assertThat(jit + gc)
                        .isLessThanOrEqualTo(
                                side.get("process_cpu_us_per_task").asDouble() + oneTickPerThread);
            }
        }
        for (JsonNode point : run.get("latency").get("job")) {
            assertThat(point.get("sent").asLong()).isPositive();
            assertThat(point.get("lost").asLong()).isZero();
            // the job's own threads did the work, within what the whole process used
            assertThat(point.get("side_cores").asDouble())
                    .isPositive()
                    .isLessThan(point.get("process_cores").asDouble());
            // charged with the job's own threads: none of the bench's drivers, none of the
            // broker's (in a 1 s point the router need not be among the busiest: checkpoints every
            // 200 ms keep the JobManager's threads as busy)
            assertThat(point.get("top_threads_cpu_ms").fieldNames())
                    .toIterable()
                    .isNotEmpty()
                    .noneMatch(thread -> thread.contains(ThreadCpu.BENCH_MARK))
                    .noneMatch(thread -> thread.startsWith("data-plane-kafka"));
            // the trigger times came from the job's REST API, and every decision measured is on
            // one side of them
            JsonNode tail = point.get("after_checkpoints");
            assertThat(tail.get("checkpoints").asInt()).isPositive();
            assertThat(tail.get("window_share").asDouble()).isBetween(0.01, 1.0);
            assertThat(tail.get("tasks_in_windows").asLong() + tail.get("tasks_outside").asLong())
                    .isEqualTo(point.get("sent").asLong());
        }
        double measureSeconds = j.get("settings").get("measure_seconds").asDouble();
        for (String side : List.of("bare", "job")) {
            for (JsonNode point : run.get("latency").get(side)) {
                // split at the decision, each decision's two legs add up to its latency: so at
                // least 98 % of the latencies are within the legs' p99s added
                JsonNode legs = point.get("legs");
                double inP99 = legs.get("in_p99_ms").asDouble();
                double outP99 = legs.get("out_p99_ms").asDouble();
                assertThat(inP99).isBetween(0.0, point.get("max_ms").asDouble() + 0.01);
                assertThat(outP99).isBetween(0.0, point.get("max_ms").asDouble() + 0.01);
                assertThat(point.get("p90_ms").asDouble())
                        .isLessThanOrEqualTo(inP99 + outP99 + 0.01);
                // the JVM's collection pauses in the measured window, as a share of it
                JsonNode gc = point.get("gc");
                assertThat(gc.get("pauses").asLong()).isNotNegative();
                double pausedSeconds = gc.get("pause_ms").asLong() / 1e3;
                assertThat(gc.get("paused_share").asDouble())
                        .isBetween(
                                pausedSeconds / (2 * measureSeconds),
                                pausedSeconds / measureSeconds);
            }
        }
        for (JsonNode point : run.get("latency").get("bare")) {
            assertThat(point.has("after_checkpoints"))
                    .as("the bare relay has no checkpoints")
                    .isFalse();
        }
        assertThat(j.get("settings").get("preroll_seconds").asDouble()).isEqualTo(1.0);
        JsonNode idle = j.get("heartbeats_only").get(0);
        assertThat(idle.get("servers").asInt()).isEqualTo(5);
        assertThat(idle.get("heartbeats").asLong()).isPositive();
        assertThat(idle.get("kept_up").asBoolean()).isTrue();
        assertThat(j.get("machine").get("cpus").asInt()).isPositive();

        for (String file :
                new String[] {
                    "bench.json",
                    "throughput.csv",
                    "latency.csv",
                    "heartbeats.csv",
                    "latency_after_checkpoint.csv",
                    "latency_vs_rate_n5.png",
                    "latency_after_checkpoint_n5.png"
                }) {
            assertThat(out.resolve(file)).as(file).isNotEmptyFile();
        }
        // 20 buckets of 10 ms since the trigger per job rate
        assertThat(Files.readAllLines(out.resolve("latency_after_checkpoint.csv")))
                .hasSize(1 + 2 * 20);
        List<String> latencyCsv = Files.readAllLines(out.resolve("latency.csv"));
        assertThat(latencyCsv).hasSize(1 + 4); // header, 2 rates × 2 sides
        assertThat(latencyCsv.get(0).split(","))
                .contains("in_p99_ms", "out_p99_ms", "gc_paused_share");
        assertThat(Files.readAllLines(out.resolve("throughput.csv")).get(0).split(","))
                .contains("process_cpu_us_per_task", "jit_cpu_us_per_task", "gc_cpu_us_per_task");
    }

    /**
     * The same bench with the Flink floor as its job: it decides every task, reads every input to
     * its end (the throughput run waits for the floor's marker of the workload's last slot), loses
     * no live task and keeps up with the heartbeat log. Its bare pipe reads the whole workload too
     * (and marks its end likewise: {@code BarePipeIT}).
     */
    @Test
    @Timeout(value = 240, unit = TimeUnit.SECONDS)
    void theFlinkFloorRunsTheSameBenchAgainstABarePipeReadingTheWholeWorkload(@TempDir Path out)
            throws Exception {
        String table =
                stdout(
                        "bench",
                        "pipeline",
                        "--job",
                        "flink-floor",
                        // the bare pipe reading the job's whole input, as the floor does
                        "--bare",
                        "workload",
                        "--tasks",
                        Integer.toString(TASKS),
                        "--servers",
                        "5",
                        "--rates",
                        "100",
                        "--preroll",
                        "0s",
                        "--warmup",
                        "0s",
                        "--measure",
                        "1s",
                        "--idle",
                        "1s",
                        "--no-progress",
                        "--out",
                        out.toString());
        assertThat(table)
                .contains("job flink-floor, parallelism 1")
                .contains("bare pipe reads the whole workload")
                .contains("flink-floor/hashmap")
                .contains("bare/workload");
        // the whole process split by part: a row per side, N, side and five figures
        List<String> processRows =
                table.lines()
                        .dropWhile(line -> !line.startsWith("the whole process in each drain"))
                        .skip(2)
                        .takeWhile(line -> !line.isBlank())
                        .toList();
        assertThat(processRows)
                .hasSize(2)
                .allSatisfy(row -> assertThat(row.trim().split(" +")).hasSize(7));
        JsonNode j = Json.MAPPER.readTree(out.resolve("bench.json").toFile());
        assertThat(j.get("settings").get("job").asText()).isEqualTo("flink-floor");
        assertThat(j.get("settings").get("bare").asText()).isEqualTo("workload");
        JsonNode run = j.get("runs").get(0);
        JsonNode bare = run.get("throughput").get("bare");
        assertThat(bare.get("side").asText()).isEqualTo("bare/workload");
        assertThat(bare.get("tasks").asLong()).isEqualTo(TASKS + 1);
        JsonNode floor = run.get("throughput").get("job").get(0);
        assertThat(floor.get("side").asText()).isEqualTo("flink-floor/hashmap");
        assertThat(floor.get("tasks").asLong()).isEqualTo(TASKS + 1);
        assertThat(floor.get("dead_letters").asLong()).isZero();
        // the job is the floor: not drained a second time beside itself
        assertThat(run.get("throughput").has("floor")).isFalse();
        assertThat(j.get("settings").get("floor").asBoolean()).isFalse();
        assertThat(j.get("throughput").get("ratio").asDouble()).isPositive();
        // both sides read the same records per task
        assertThat(j.get("throughput").get("records_ratio").asDouble())
                .isCloseTo(
                        j.get("throughput").get("ratio").asDouble(),
                        org.assertj.core.api.Assertions.within(1e-9));
        for (JsonNode point : run.get("latency").get("job")) {
            assertThat(point.get("sent").asLong()).isPositive();
            assertThat(point.get("lost").asLong()).isZero();
        }
        assertThat(j.get("heartbeats_only").get(0).get("kept_up").asBoolean()).isTrue();
    }

    private static String stdout(String... args) {
        PrintStream original = System.out;
        ByteArrayOutputStream captured = new ByteArrayOutputStream();
        System.setOut(new PrintStream(captured, true, StandardCharsets.UTF_8));
        try {
            assertThat(Main.execute(args)).isZero();
        } finally {
            System.setOut(original);
        }
        return captured.toString(StandardCharsets.UTF_8);
    }
}
