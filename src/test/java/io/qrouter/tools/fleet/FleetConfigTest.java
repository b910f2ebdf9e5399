package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FleetConfigTest {
    private static FleetConfig config(
            int servers, double rate, String arrivals, double load, double spread) {
        return new FleetConfig(
                "localhost:9092",
                servers,
                rate,
                arrivals,
                load,
                spread,
                2.0,
                1000,
                1,
                "r",
                "g",
                Map.of(),
                0,
                5,
                FailingServers.NONE);
    }

    @Test
    void serviceRatesSumToTheCapacityThatGivesTheRequestedLoad() {
        FleetConfig c = config(20, 500, "poisson", 0.8, 0.5);
        double[] mu = Fleet.serviceRates(c, new SplittableRandom(3));
        assertThat(Arrays.stream(mu).sum()).isCloseTo(500 / 0.8, within(1e-9));
        double mean = 500 / 0.8 / 20;
        // rescaling moves each rate by the ratio of the drawn mean to 1, which is within the spread
        assertThat(Arrays.stream(mu).min().getAsDouble()).isGreaterThan(mean * 0.5 / 1.5);
        assertThat(Arrays.stream(mu).max().getAsDouble()).isLessThan(mean * 1.5 / 0.5);
        assertThat(Arrays.stream(mu).distinct().count()).isEqualTo(20);
        double[] homogeneous =
                Fleet.serviceRates(config(4, 10, "poisson", 0.5, 0), new SplittableRandom(3));
        assertThat(homogeneous).containsOnly(5.0);
    }

    @Test
    void badInputNamesTheOptionAndItsRange() {
        assertThatThrownBy(() -> config(0, 500, "poisson", 0.8, 0.5))
                .hasMessageContaining("--servers must be in [1, 10000]");
        assertThatThrownBy(() -> config(2, 500, "poisson", 2, 0.5))
                .hasMessageContaining("--load must be in (0, 1.5]");
        assertThatThrownBy(() -> config(2, 500, "poisson", 0.8, 1))
                .hasMessageContaining("--mu-spread");
        assertThatThrownBy(() -> config(2, 500, "zipf", 0.8, 0.5))
                .hasMessageContaining("--arrivals");
        assertThat(config(2, 500, "erlang:3", 0.8, 0.5).arrivals()).isEqualTo("erlang:3");
    }

    @Test
    void failingServersMustBeServersOfTheFleetAndTheShareAProbability() {
        FleetConfig c = config(4, 10, "poisson", 0.5, 0);
        assertThatThrownBy(() -> withFailing(c, List.of("server-5"), 1.0))
                .hasMessageContaining(
                        "--fail-servers: unknown server \"server-5\"; the fleet's servers are"
                                + " server-1 … server-4");
        assertThatThrownBy(() -> withFailing(c, List.of("srv-1"), 1.0))
                .hasMessageContaining("--fail-servers: unknown server \"srv-1\"");
        assertThatThrownBy(() -> withFailing(c, List.of("server-1"), 1.5))
                .hasMessageContaining("--fail-share must be in [0, 1] (got 1.5)");
        FleetConfig failing = withFailing(c, List.of("server-2", "server-4"), 0.25);
        assertThat(failing.failing().shareOf("server-4")).isEqualTo(0.25);
        assertThat(failing.failing().shareOf("server-1")).isZero();
        assertThat(failing.withBootstrapServers("elsewhere:1").failing())
                .isEqualTo(failing.failing());
    }

    private static FleetConfig withFailing(FleetConfig c, List<String> servers, double share) {
        return new FleetConfig(
                c.bootstrapServers(),
                c.servers(),
                c.ratePerSecond(),
                c.arrivals(),
                c.load(),
                c.muSpread(),
                c.meanPatienceSeconds(),
                c.defaultHeartbeatMillis(),
                c.seed(),
                c.runId(),
                c.consumerGroup(),
                c.kafka(),
                c.warmupSeconds(),
                c.stallAfterSeconds(),
                new FailingServers(servers, share));
    }
}
