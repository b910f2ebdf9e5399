package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.tools.sim.Antagonists;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class FleetConfigTest {
    static FleetConfig config(
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
                FailingServers.NONE,
                ServerModel.DEFAULT);
    }

    @Test
    void serviceRatesSumToTheCapacityThatGivesTheRequestedLoad() {
        FleetConfig c = config(20, 500, "poisson", 0.8, 0.5);
        double[] mu = rates(c, FleetServers.oneSlotEach(20));
        assertThat(Arrays.stream(mu).sum()).isCloseTo(500 / 0.8, within(1e-9));
        double mean = 500 / 0.8 / 20;
        // rescaling moves each rate by the ratio of the drawn mean to 1, which is within the spread
        assertThat(Arrays.stream(mu).min().getAsDouble()).isGreaterThan(mean * 0.5 / 1.5);
        assertThat(Arrays.stream(mu).max().getAsDouble()).isLessThan(mean * 1.5 / 0.5);
        assertThat(Arrays.stream(mu).distinct().count()).isEqualTo(20);
        double[] homogeneous = rates(config(4, 10, "poisson", 0.5, 0), FleetServers.oneSlotEach(4));
        assertThat(homogeneous).containsOnly(5.0);
    }

    /** With slots, the capacity that --load is a share of is sum(slots · mu), mu per slot. */
    @Test
    void serviceRatesPerSlotSumToTheCapacityOverTheSlots() {
        FleetConfig c = config(4, 10, "poisson", 0.5, 0);
        int[] slots = {1, 4, 1, 4};
        double[] mu = rates(c, slots);
        // capacity 20 over 10 slots: every slot serves 2 tasks per second
        assertThat(mu).containsOnly(2.0);
        double[] spread = rates(config(20, 500, "poisson", 0.8, 0.5), new int[] {16, 1, 1, 1, 1});
        double capacity = 16 * spread[0] + spread[1] + spread[2] + spread[3] + spread[4];
        assertThat(capacity).isCloseTo(500 / 0.8, within(1e-9));
    }

    @Test
    void theServerModelsBadValuesNameTheirOptionAndForms() {
        assertThatThrownBy(() -> new ServerModel("gamma:2", "1", "none"))
                .hasMessageContaining("--service must be exp, lognormal:SCV");
        assertThatThrownBy(() -> new ServerModel("pareto:1", "1", "none"))
                .hasMessageContaining("--service pareto:ALPHA must be in (1.0, 1000.0]");
        assertThatThrownBy(() -> new ServerModel("exp", "1:0.5,4:0.4", "none"))
                .hasMessageContaining("--slots shares must sum to 1");
        assertThatThrownBy(() -> new ServerModel("exp", "0", "none"))
                .hasMessageContaining("--slots SLOTS must be in [1, 10000]");
        assertThatThrownBy(() -> new ServerModel("exp", "1", "4:3:10s"))
                .hasMessageContaining("--antagonists must be none or COUNT:FACTOR:ON/OFF")
                .hasMessageContaining("4:3:10s/20s");
        FleetConfig small = config(4, 10, "poisson", 0.5, 0);
        assertThatThrownBy(
                        () ->
                                with(
                                        small,
                                        small.failing(),
                                        new ServerModel("exp", "1", "5:3:1s/2s")))
                .hasMessageContaining("--antagonists COUNT must be at most the number of servers");
        ServerModel ok = new ServerModel("lognormal:4", "1:0.5,4:0.5", "2:3:500ms/1m");
        assertThat(ok.antagonistSpec()).isEqualTo(new Antagonists(2, 3, 0.5, 60));
        assertThat(
                        with(small, small.failing(), ok)
                                .withBootstrapServers("elsewhere:1")
                                .serverModel())
                .isEqualTo(ok);
    }

    private static double[] rates(FleetConfig c, int[] slots) {
        return Fleet.serviceRates(
                slots, c.muSpread(), c.capacityPerSecond(), new SplittableRandom(3));
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
        return with(c, new FailingServers(servers, share), c.serverModel());
    }

    private static FleetConfig with(FleetConfig c, FailingServers failing, ServerModel model) {
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
                failing,
                model);
    }
}
