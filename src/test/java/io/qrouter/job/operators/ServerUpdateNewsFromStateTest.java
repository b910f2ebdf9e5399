package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Health;
import io.qrouter.job.records.ServerState;
import io.qrouter.job.records.UpdateNews;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * A heartbeat decides whether it is news from the server's state, without building the update: the
 * state's digest must be the digest of the update {@link ServerReports#update} builds from it, or
 * news would be lost or invented.
 */
class ServerUpdateNewsFromStateTest {

    @Property(tries = 1000)
    void theStatesDigestIsTheDigestOfItsUpdate(
            @ForAll("states") ServerState state, @ForAll boolean resourcesRead) {
        assertThat(UpdateNews.fingerprint(state, resourcesRead))
                .isEqualTo(
                        UpdateNews.fingerprint(ServerReports.update(state, true), resourcesRead));
    }

    @Provide
    Arbitrary<ServerState> states() {
        Arbitrary<Double> estimate = Arbitraries.of(0.0, 0.5, 1.5, 2.0, Double.NaN).injectNull(0.3);
        Arbitrary<Double> utilisation = Arbitraries.of(0.0, 0.25, 0.9);
        return Combinators.combine(
                        Combinators.combine(
                                        Arbitraries.of(true, false),
                                        Arbitraries.of(true, false),
                                        Arbitraries.of(true, false),
                                        Arbitraries.of(true, false),
                                        Arbitraries.integers().between(0, 3),
                                        Arbitraries.integers().between(-2, 2),
                                        Arbitraries.integers().between(1, 16),
                                        Arbitraries.of(Health.class).injectNull(0.1))
                                .as(Flags::new),
                        Combinators.combine(estimate, estimate, estimate, estimate, estimate)
                                .as(Estimates::new),
                        Arbitraries.of(0.0, 1.0, 2.5),
                        utilisation,
                        utilisation,
                        utilisation)
                .as(
                        (flags, estimates, serviceRate, cpu, memory, bandwidth) -> {
                            ServerState s = ServerState.of("s-" + flags.reported());
                            s.alive = flags.alive();
                            s.busy = flags.busy();
                            s.eventAfterHeartbeat = flags.eventAfterHeartbeat();
                            s.overloaded = flags.overloaded();
                            s.reportedQueueLength = flags.reported();
                            s.queueChangeSinceHeartbeat = flags.change();
                            s.slots = flags.slots();
                            s.health = flags.health();
                            s.lambda = estimates.lambda();
                            s.mu = estimates.mu();
                            s.alphaC = estimates.alphaC();
                            s.eta = estimates.eta();
                            s.loadIndexK = estimates.k();
                            s.serviceRatePerSecond = serviceRate;
                            s.cpu = cpu;
                            s.memory = memory;
                            s.bandwidth = bandwidth;
                            return s;
                        });
    }

    private record Flags(
            boolean alive,
            boolean busy,
            boolean eventAfterHeartbeat,
            boolean overloaded,
            int reported,
            int change,
            int slots,
            Health health) {}

    private record Estimates(Double lambda, Double mu, Double alphaC, Double eta, Double k) {}
}
