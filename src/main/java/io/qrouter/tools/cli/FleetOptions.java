package io.qrouter.tools.cli;

import io.qrouter.tools.fleet.FailingServers;
import io.qrouter.tools.fleet.FleetConfig;
import io.qrouter.tools.fleet.ServerModel;
import java.time.Duration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import picocli.CommandLine.Option;

/** The workload options shared by {@code fleet} and {@code demo}. */
final class FleetOptions {
    @Option(
            names = "--servers",
            defaultValue = "20",
            description = "Simulated servers N (default ${DEFAULT-VALUE}).")
    int servers;

    @Option(
            names = "--rate",
            defaultValue = "500",
            description =
                    "Task arrival rate of the whole fleet, tasks per second (default ${DEFAULT-VALUE}).")
    double ratePerSecond;

    @Option(
            names = "--arrivals",
            defaultValue = "poisson",
            description =
                    "Arrival process: poisson, erlang:K, h2:SCV, deterministic, surge (once a minute) or trace:FILE.csv (times in seconds) (default ${DEFAULT-VALUE}).")
    String arrivals;

    @Option(
            names = "--load",
            defaultValue = "0.8",
            description =
                    "Offered load rho = rate / sum of the service rates, in (0, 1.5] (default ${DEFAULT-VALUE}).")
    double load;

    @Option(
            names = "--mu-spread",
            defaultValue = "0.5",
            description =
                    "Heterogeneity: each mu_i is uniform in mean·[1−s, 1+s], s in [0, 1) (default ${DEFAULT-VALUE}).")
    double muSpread;

    @Option(
            names = "--service",
            defaultValue = "exp",
            description =
                    "Service requirement of a task (mean 1; service time = work / the rate of a slot): exp, lognormal:SCV, h2:SCV, pareto:ALPHA (ALPHA > 1), trace:FILE.csv (one column of service times, any unit: normalised to mean 1), det or erlang:K (default ${DEFAULT-VALUE}).")
    String service;

    @Option(
            names = "--slots",
            defaultValue = "1",
            description =
                    "Tasks each server serves at once: one number, or a mix SLOTS:SHARE,… such as 1:0.5,4:0.3,16:0.2 (shares sum to 1; which server gets which follows --seed). --load stays the share of the capacity sum(slots · mu) (default ${DEFAULT-VALUE}).")
    String slots;

    @Option(
            names = "--antagonists",
            defaultValue = "none",
            description =
                    "Servers that slow down: COUNT:FACTOR:ON/OFF, e.g. 4:3:10s/20s (four servers serve three times slower for 10 s out of every 30, each at a random phase; the services in progress slow too), or none (default ${DEFAULT-VALUE}).")
    String antagonists;

    @Option(
            names = "--patience",
            defaultValue = "2s",
            converter = DurationConverter.class,
            description =
                    "Mean exponential patience of a waiting task before it abandons (default ${DEFAULT-VALUE}).")
    Duration patience;

    @Option(
            names = "--heartbeat",
            defaultValue = "1s",
            converter = DurationConverter.class,
            description =
                    "Heartbeat interval until the job recommends one, in [20ms, 60s] (default ${DEFAULT-VALUE}).")
    Duration heartbeat;

    @Option(
            names = "--seed",
            defaultValue = "1",
            description =
                    "Seed of the workload: arrivals, work, patience, service rates, slots and antagonists (default ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--warmup",
            defaultValue = "10s",
            converter = DurationConverter.class,
            description =
                    "Tasks created in this first part of the run are served but left out of every figure of the report, so it shows steady state (JIT, estimators and queues warmed up) (default ${DEFAULT-VALUE}).")
    Duration warmup;

    @Option(
            names = "--stall-after",
            defaultValue = "5s",
            converter = DurationConverter.class,
            description =
                    "Report a stall (a line on stderr, and in report.json) when tasks are waiting and no decision has come for this long, in (0s, 1h] (default ${DEFAULT-VALUE}).")
    Duration stallAfter;

    @Option(
            names = "--fail-servers",
            split = ",",
            paramLabel = "SERVER",
            description =
                    "Servers that fail tasks (e.g. server-3), to show the job's outlier ejection: a share of their tasks "
                            + "(--fail-share) ends with FAILED instead of COMPLETED, when its service ends.")
    List<String> failServers = new ArrayList<>();

    @Option(
            names = "--fail-share",
            defaultValue = "1.0",
            description =
                    "Share of the tasks of each --fail-servers server that fail, in [0, 1] (default ${DEFAULT-VALUE}).")
    double failShare;

    @Option(
            names = "--kafka",
            paramLabel = "KEY=VALUE",
            description = "Extra Kafka client setting (security, timeouts); repeatable.")
    Map<String, String> kafka = new LinkedHashMap<>();

    FleetConfig toConfig(String bootstrapServers, String runId, String consumerGroup) {
        return new FleetConfig(
                bootstrapServers,
                servers,
                ratePerSecond,
                arrivals,
                load,
                muSpread,
                patience.toNanos() / 1e9,
                heartbeat.toMillis(),
                seed,
                runId,
                consumerGroup,
                kafka,
                warmup.toNanos() / 1e9,
                stallAfter.toNanos() / 1e9,
                new FailingServers(failServers, failShare),
                new ServerModel(service, slots, antagonists));
    }
}
