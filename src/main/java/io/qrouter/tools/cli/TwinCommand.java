package io.qrouter.tools.cli;

import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.demo.JobTwin;
import io.qrouter.tools.fleet.DigitalTwin;
import io.qrouter.tools.fleet.RecordedRun;
import io.qrouter.tools.fleet.WhatIf;
import io.qrouter.tools.report.Json;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;

@Command(
        name = "twin",
        mixinStandardHelpOptions = true,
        description =
                "Ask the digital twin before acting: replay a finished run's tasks (its tasks.csv, servers"
                        + " and job settings) in the simulator, as run and under other settings, and print the"
                        + " predicted mean wait, p99 wait and abandonment beside the measured ones.")
final class TwinCommand implements Runnable {
    @CommandLine.Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--run",
            required = true,
            description =
                    "A run's directory, as `qrouter demo` or `qrouter fleet` wrote it (with --compare, one"
                            + " policy's subdirectory).")
    Path run;

    @Option(
            names = "--policy",
            description =
                    "Route with this policy instead: random, round-robin, least-connections, hash, jsq,"
                            + " power-of-d, jiq, heartbeat-k, heartbeat-k-live, prequal, p2c-ewma, least-request.")
    String policy;

    @Option(names = "--routers", description = "Router subtasks instead of the run's, ≥ 1.")
    Integer routers;

    @Option(
            names = "--servers",
            description =
                    "The same tasks on N servers, ≥ 1: the run's first N, or the run's servers and"
                            + " then copies of them in turn.")
    Integer servers;

    @Option(
            names = "--load",
            description =
                    "The same tasks arriving at this share of the run's fleet capacity, > 0 (arrival"
                            + " times scaled by the run's load over this).")
    Double load;

    @Option(
            names = "--delays",
            description =
                    "The pipeline's delays scaled by this factor, a finite number >= 0: each decision's"
                            + " way to its server and each server update's way to the routers (0.5: hops half"
                            + " as long, as on a faster or less loaded cluster; 0: none).")
    Double delays;

    @Option(
            names = "--seed",
            description = "Seed of the replay's own draws (default: the run's workload seed).")
    Long seed;

    @Option(names = "--json", description = "Print one JSON object instead of the table.")
    boolean json;

    @Override
    public void run() {
        WhatIf whatIf =
                OptionValues.parse(
                        spec, "--policy, --routers, --servers, --load or --delays", this::whatIf);
        RecordedRun recorded = OptionValues.parse(spec, "--run", () -> RecordedRun.read(run));
        DigitalTwin.JobModel model =
                OptionValues.parse(
                        spec,
                        "--run",
                        () ->
                                JobTwin.model(recorded)
                                        .orElseThrow(
                                                () ->
                                                        new IllegalArgumentException(
                                                                "the run routed GA batches: the"
                                                                        + " simulator routes task by"
                                                                        + " task and has no twin of them")));
        long replaySeed = seed != null ? seed : recorded.seed();
        Map<String, Object> asRun = DigitalTwin.predict(recorded, model, WhatIf.AS_RUN, replaySeed);
        OptionValues.require(spec, asRun != null, "--run: " + run + " decided no task to replay");
        Map<String, Object> other =
                whatIf.asRun() ? null : DigitalTwin.predict(recorded, model, whatIf, replaySeed);
        var out = spec.commandLine().getOut();
        if (json) {
            Map<String, Object> all = new LinkedHashMap<>();
            all.put("run", run.toString());
            all.put("measured", TwinTable.figures(recorded.measured()));
            all.put("twin", TwinTable.figures(asRun));
            if (other != null) {
                all.put("what_if", whatIf.describe());
                all.put("what_if_twin", TwinTable.figures(other));
            }
            out.println(Json.write(all));
        } else {
            out.print(TwinTable.render(run, recorded, model, whatIf, asRun, other));
        }
        out.flush();
    }

    private WhatIf whatIf() {
        return new WhatIf(
                Optional.ofNullable(policy).map(PolicyName::parse),
                routers == null ? OptionalInt.empty() : OptionalInt.of(routers),
                servers == null ? OptionalInt.empty() : OptionalInt.of(servers),
                load == null ? OptionalDouble.empty() : OptionalDouble.of(load),
                delays == null ? OptionalDouble.empty() : OptionalDouble.of(delays));
    }
}
