package io.qrouter.tools.cli;

import io.qrouter.bench.BareReads;
import io.qrouter.bench.BenchedJob;
import io.qrouter.bench.JobSettings;
import io.qrouter.bench.PipelineBench;
import io.qrouter.bench.PipelineBenchReport;
import io.qrouter.bench.PipelineBenchSettings;
import io.qrouter.tools.report.Json;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "pipeline",
        mixinStandardHelpOptions = true,
        description = {
            "The job against the physical limit, on one in-process Kafka broker: throughput of the job, of the",
            "Flink floor (the job's inputs, sinks and settings with no logic) and of a bare one-thread pipe (consume,",
            "decode, pick by hash, encode, produce) over the same preloaded workload (tasks, their lifecycle events,",
            "N servers' heartbeats, made by the fleet's own code), CPU per record and per task, time to first",
            "decision; live delivery latency (p50/p99/p99.9) at fixed rates for a bare relay and the job; what N",
            "heartbeating servers cost the job without tasks; the machine's load. Writes bench.json, CSV and PNG into",
            "--out. The defaults cover N = 20, 2,000 and 20,000 in under ten minutes on two cores; small values",
            "(--records 50000 --servers 20 --measure 5s) make a run of a minute or two."
        })
final class BenchPipelineCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--tasks",
            description =
                    "Preloaded tasks per throughput run, whatever N (default: as many as bring"
                            + " --records input records).")
    Long tasks;

    @Option(
            names = "--records",
            defaultValue = "600000",
            description =
                    "Input records (tasks, events, heartbeats) of each N's preloaded workload,"
                            + " unless --tasks is given: every N then drains in about the same time"
                            + " (default: ${DEFAULT-VALUE}).")
    long records;

    @Option(
            names = "--workload-rate",
            defaultValue = "2000",
            description =
                    "Task rate of the preloaded workload's event time: N/rate heartbeats per task (default: ${DEFAULT-VALUE}).")
    double workloadRate;

    @Option(
            names = "--rates",
            split = ",",
            defaultValue = "500,2000",
            description =
                    "Live task rates of the latency runs, per second (default: ${DEFAULT-VALUE}).")
    List<Double> rates;

    @Option(
            names = "--servers",
            split = ",",
            defaultValue = "20,2000,20000",
            description = "Fleet sizes N, each run in turn (default: ${DEFAULT-VALUE}).")
    List<Integer> servers;

    @Option(
            names = "--job",
            defaultValue = "qrouter",
            description =
                    "The Flink job measured against the bare pipe: qrouter, or flink-floor (the same"
                            + " inputs, sinks and settings with no logic: what Flink itself costs)"
                            + " (default: ${DEFAULT-VALUE}).")
    String job;

    @Option(
            names = "--bare",
            defaultValue = "tasks",
            description =
                    "What the bare pipe reads: tasks (the least any router must read), or workload"
                            + " (tasks, lifecycle events and heartbeats, as the job does; events and"
                            + " heartbeats decoded and dropped) (default: ${DEFAULT-VALUE}).")
    String bare;

    @Option(
            names = "--floor",
            negatable = true,
            defaultValue = "true",
            fallbackValue = "true",
            description =
                    "Also drain each workload with the Flink floor, beside the job (--no-floor"
                            + " skips it; default: ${DEFAULT-VALUE}).")
    boolean floor;

    @Option(
            names = "--parallelism",
            defaultValue = "1",
            description = "Job parallelism (default: ${DEFAULT-VALUE}).")
    int parallelism;

    @Option(
            names = "--delivery",
            defaultValue = "at-least-once",
            description =
                    "Sink delivery guarantee: at-least-once or exactly-once (default: ${DEFAULT-VALUE}).")
    String delivery;

    @Option(
            names = "--state-backend",
            split = ",",
            defaultValue = "hashmap",
            description =
                    "hashmap and/or rocksdb; the throughput run measures the job with each, the latency runs with the first (default: ${DEFAULT-VALUE}).")
    List<String> stateBackends;

    @Option(
            names = "--set",
            description = "Any job configuration key=value, applied last (repeatable).")
    Map<String, String> overrides = new LinkedHashMap<>();

    @Option(
            names = "--load",
            defaultValue = "0.8",
            description = "Offered load of the simulated servers (default: ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--preroll",
            defaultValue = "40s",
            converter = DurationConverter.class,
            description =
                    "Unmeasured warm-up until the JIT is quiet or this long, so that both"
                            + " sides are measured compiled: drains of the preloaded workload before"
                            + " the throughput runs, the highest rate before each side's first"
                            + " latency point; 0s skips it (default: ${DEFAULT-VALUE}).")
    Duration preroll;

    @Option(
            names = "--warmup",
            defaultValue = "2s",
            converter = DurationConverter.class,
            description = "Unmeasured start of each latency point (default: ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(
            names = "--measure",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description = "Measured part of each latency point (default: ${DEFAULT-VALUE}).")
    Duration measure;

    @Option(
            names = "--idle",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description = "Heartbeats-only window per N (default: ${DEFAULT-VALUE}).")
    Duration idle;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description = "Workload seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--out",
            defaultValue = "out/bench-pipeline",
            description = "Output directory (default: ${DEFAULT-VALUE}).")
    Path out;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Option(names = "--no-progress", description = "Do not show progress on stderr.")
    boolean noProgress;

    @Override
    public void run() {
        OptionValues.require(
                spec,
                delivery.equals("at-least-once") || delivery.equals("exactly-once"),
                "--delivery must be at-least-once or exactly-once (got " + delivery + ")");
        PipelineBenchSettings settings =
                OptionValues.parse(
                        spec,
                        "options",
                        () ->
                                new PipelineBenchSettings(
                                        tasks == null ? 0 : tasks,
                                        records,
                                        workloadRate,
                                        rates,
                                        servers,
                                        new JobSettings(
                                                BenchedJob.of(job),
                                                parallelism,
                                                delivery,
                                                stateBackends.get(0),
                                                overrides),
                                        BareReads.of(bare),
                                        floor,
                                        stateBackends,
                                        load,
                                        preroll,
                                        warmup,
                                        measure,
                                        idle,
                                        seed));
        PrintWriter stdout = spec.commandLine().getOut();
        PrintWriter stderr = spec.commandLine().getErr();
        PipelineBenchReport report;
        try {
            report =
                    new PipelineBench(
                                    settings,
                                    !noProgress,
                                    line -> {
                                        if (!noProgress) {
                                            stderr.println(line);
                                            stderr.flush();
                                        }
                                    })
                            .run();
        } catch (Exception e) {
            throw new CommandLine.ExecutionException(
                    spec.commandLine(), "bench pipeline failed: " + e.getMessage(), e);
        }
        report.write(out);
        if (json) {
            stdout.println(Json.write(report.toJson()));
        } else {
            report.printTable(stdout);
            stdout.println();
            stdout.println(
                    "wrote "
                            + out.toAbsolutePath()
                            + " (bench.json, throughput.csv, latency.csv, heartbeats.csv,"
                            + " latency_after_checkpoint.csv, latency_vs_rate_n*.png,"
                            + " latency_after_checkpoint_n*.png)");
        }
        stdout.flush();
    }
}
