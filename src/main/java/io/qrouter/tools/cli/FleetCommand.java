package io.qrouter.tools.cli;

import io.qrouter.tools.fleet.DsrsAssignmentsReader;
import io.qrouter.tools.fleet.Fleet;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.FleetReport;
import io.qrouter.tools.fleet.FleetResult;
import io.qrouter.tools.report.Progress;
import java.nio.file.Path;
import java.time.Duration;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Mixin;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

@Command(
        name = "fleet",
        mixinStandardHelpOptions = true,
        description = {
            "Run the simulated server fleet against any Kafka: produce tasks, serve the job's decisions, "
                    + "publish lifecycle events and heartbeats.",
            "Runs for --duration (or until Ctrl-C), then waits for the outstanding decisions and prints a summary."
        })
final class FleetCommand implements Callable<Integer> {
    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--bootstrap",
            required = true,
            paramLabel = "HOST:PORT",
            description = "Kafka bootstrap servers.")
    String bootstrap;

    @Mixin FleetOptions workload;

    @Option(
            names = "--duration",
            defaultValue = "0s",
            converter = DurationConverter.class,
            description =
                    "How long to produce tasks; 0s = until Ctrl-C (default ${DEFAULT-VALUE}).")
    Duration duration;

    @Option(
            names = "--drain",
            defaultValue = "30s",
            converter = DurationConverter.class,
            description =
                    "After producing stops, how long to wait for the last decisions (default ${DEFAULT-VALUE}).")
    Duration drain;

    @Option(
            names = "--group",
            defaultValue = "qrouter-fleet",
            description = "Consumer group for the decisions (default ${DEFAULT-VALUE}).")
    String group;

    @Option(
            names = "--run-id",
            description = "Prefix of the task ids (default: from the start time).")
    String runId;

    @Option(
            names = "--out",
            description =
                    "Directory for report.html, report.json, CSV and PNG charts (default: none).")
    Path out;

    @Override
    public Integer call() throws Exception {
        FleetConfig config;
        try {
            config =
                    workload.toConfig(
                            bootstrap,
                            runId != null ? runId : "run" + System.currentTimeMillis(),
                            group);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(spec.commandLine(), e.getMessage());
        }
        if (duration.isNegative()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--duration must be ≥ 0s (got " + duration + ")");
        }
        try (ShutdownSignal signal = new ShutdownSignal()) {
            FleetResult result;
            try (Progress progress = new Progress("fleet", 1, true)) {
                Fleet fleet = Fleet.start(config);
                try {
                    System.err.printf(
                            "fleet: %d servers, %.0f tasks/s, load %.2f, against %s%n",
                            config.servers(),
                            config.ratePerSecond(),
                            config.load(),
                            config.bootstrapServers());
                    long end =
                            duration.isZero()
                                    ? Long.MAX_VALUE
                                    : System.nanoTime() + duration.toNanos();
                    while (System.nanoTime() < end && !signal.sleep(Duration.ofMillis(500))) {
                        for (String alert :
                                fleet.takeAlerts()) { // a stall, loudly: a line of its own
                            progress.status("");
                            System.err.println("\rfleet: " + alert);
                        }
                        progress.status(fleet.statusLine());
                    }
                    fleet.stopProducing();
                    if (!signal.requested()) {
                        fleet.awaitDecisions(drain);
                    }
                    progress.status(fleet.statusLine());
                } finally {
                    result = fleet.stop();
                }
            }
            System.out.print(FleetReport.summaryTable(result));
            if (out != null) {
                result =
                        result.withDsrsSlots(
                                DsrsAssignmentsReader.read(config, result.startEpochMillis()));
                Path html = FleetReport.write(result, out, Map.of("command", "fleet"));
                System.out.println("report: " + html.toAbsolutePath());
            }
        }
        return 0;
    }
}
