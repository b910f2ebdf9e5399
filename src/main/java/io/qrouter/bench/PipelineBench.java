package io.qrouter.bench;

import io.qrouter.tools.kafka.EmbeddedKafka;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.function.Consumer;

/**
 * {@code qrouter bench pipeline}: on one in-process Kafka broker, for every fleet size N, the
 * throughput of the job against the bare pipe over the same preloaded workload ({@link
 * ThroughputRun}), then live latency at each rate and the cost of N heartbeating servers ({@link
 * LatencyRun}); the machine's load over the whole run.
 */
public final class PipelineBench {
    private final PipelineBenchSettings settings;
    private final boolean progress;
    private final Consumer<String> say;

    /**
     * @param progress draw progress bars on stderr
     * @param say where progress messages go, one line each
     */
    public PipelineBench(PipelineBenchSettings settings, boolean progress, Consumer<String> say) {
        this.settings = settings;
        this.progress = progress;
        this.say = say;
    }

    /** Runs everything and returns the figures. */
    public PipelineBenchReport run() throws Exception {
        MachineLoad load = new MachineLoad();
        List<ThroughputRun.Result> throughput = new ArrayList<>();
        List<LatencyRun.Result> latency = new ArrayList<>();
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            say.accept(
                    "bench pipeline: Kafka broker (KRaft, in-process) at "
                            + kafka.bootstrapServers()
                            + "; job "
                            + settings.job().describe());
            for (int servers : settings.servers()) {
                say.accept(
                        String.format(
                                Locale.ROOT,
                                "N=%d: throughput over %,d preloaded tasks",
                                servers,
                                settings.tasksAt(servers)));
                throughput.add(
                        new ThroughputRun(kafka.bootstrapServers(), settings, progress, say)
                                .run(servers));
                say.accept(
                        "N=" + servers + ": heartbeats only, then live rates " + settings.rates());
                latency.add(new LatencyRun(kafka.bootstrapServers(), settings, say).run(servers));
            }
        }
        Map<String, Object> machine = load.sinceStart();
        return new PipelineBenchReport(settings, machine, throughput, latency);
    }
}
