package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.records.ServerUpdate;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

/** The fleet gauges the router exports: the K histogram's quantiles and the view's age. */
class FleetGaugesTest {
    private static final double[] REPORTED = {0.5, 0.75, 0.95, 0.98, 0.99, 0.999};

    /**
     * Each quantile is checked by counting: at least p of the fleet's K at or below it, fewer below
     * it.
     */
    @Test
    void theKHistogramsQuantilesSplitTheFleetAsTheirRankSays() {
        SplittableRandom random = new SplittableRandom(11);
        FleetLoadIndexHistogram histogram = new FleetLoadIndexHistogram();
        for (int trial = 0; trial < 200; trial++) {
            double[] k = random.doubles(1 + random.nextInt(300), 0, 20).toArray();
            double[] given = k.clone();
            histogram.replace(k);
            assertThat(k).as("the caller's array is left as it was").isEqualTo(given);
            assertThat(histogram.getCount()).isEqualTo(k.length);
            for (double p : REPORTED) {
                double q = histogram.getStatistics().getQuantile(p);
                long atOrBelow = Arrays.stream(k).filter(v -> v <= q).count();
                long below = Arrays.stream(k).filter(v -> v < q).count();
                assertThat(atOrBelow).isGreaterThanOrEqualTo((long) Math.ceil(p * k.length));
                assertThat(below).isLessThan((long) Math.ceil(p * k.length));
            }
            double mean = Arrays.stream(k).sum() / k.length;
            assertThat(histogram.getStatistics().getMean()).isCloseTo(mean, within(1e-9));
        }
    }

    @Test
    void anEmptyFleetReportsZeroNotAnError() {
        FleetLoadIndexHistogram histogram = new FleetLoadIndexHistogram();
        histogram.replace(new double[0]);
        assertThat(histogram.getCount()).isZero();
        assertThat(histogram.getStatistics().getQuantile(0.99)).isZero();
        assertThat(histogram.getStatistics().getStdDev()).isZero();
    }

    @Test
    void overloadedServersHaveNoKAndAreLeftOut() {
        List<ServerUpdate> fleet = new ArrayList<>();
        fleet.add(server("a", 2.0, 0));
        fleet.add(server("b", null, 0));
        fleet.add(server("c", 4.0, 0));
        FleetFigures figures = FleetFigures.of(fleet, 0);
        assertThat(figures.alive()).isEqualTo(3);
        assertThat(figures.loadIndices()).containsExactly(2.0, 4.0);
        assertThat(figures.loadIndexVariance()).isEqualTo(1.0);
    }

    @Test
    void serversThatTakeNoTasksAreNotTheFleetsAndIdleOnesMakePJ() {
        ServerUpdate draining = server("d", 9.0, 0);
        draining.setAdminAccepts(false);
        ServerUpdate idle = server("i", 0.0, 0);
        idle.setIdle(true);
        FleetFigures figures =
                FleetFigures.of(
                        List.of(server("a", 2.0, 0), draining, idle, server("c", 4.0, 0)), 0);
        assertThat(figures.alive()).isEqualTo(3);
        assertThat(figures.idle()).isEqualTo(1);
        assertThat(figures.idleFraction()).isCloseTo(1.0 / 3, within(1e-12));
        assertThat(figures.loadIndices()).containsExactly(2.0, 0.0, 4.0);
    }

    /** More servers with a K than the pass's first array holds. */
    @Test
    void aLargeFleetKeepsEveryK() {
        List<ServerUpdate> fleet = new ArrayList<>();
        for (int i = 0; i < 1_000; i++) {
            fleet.add(server("s" + i, (double) i, 0));
        }
        double[] k = FleetFigures.of(fleet, 0).loadIndices();
        assertThat(k).hasSize(1_000);
        assertThat(Arrays.stream(k).sum()).isEqualTo(999 * 1_000 / 2.0);
    }

    @Test
    void theViewsAgeIsTheMeanAndTheOldestOfTheUpdatesBehindIt() {
        List<ServerUpdate> fleet =
                List.of(server("a", 1.0, 9_000), server("b", 1.0, 7_000), server("c", 1.0, 10_500));
        // at 10,000 ms: ages 1,000, 3,000 and 0 (an update stamped after now is not negative)
        FleetFigures figures = FleetFigures.of(fleet, 10_000);
        assertThat(figures.updateAgeMeanMillis()).isEqualTo(1_333);
        assertThat(figures.updateAgeMaxMillis()).isEqualTo(3_000);
        FleetFigures none = FleetFigures.of(List.of(), 10_000);
        assertThat(none.updateAgeMeanMillis()).isZero();
        assertThat(none.updateAgeMaxMillis()).isZero();
        assertThat(none.idleFraction()).isZero();
        assertThat(none.loadIndexVariance()).isZero();
    }

    private static ServerUpdate server(String id, Double k, long updatedAt) {
        ServerUpdate update = new ServerUpdate();
        update.setServerId(id);
        update.setLoadIndexK(k);
        update.setUpdatedAt(updatedAt);
        update.setAlive(true);
        update.setAdminAccepts(true);
        update.setServiceRatePerSecond(10);
        return update;
    }

    private static org.assertj.core.data.Offset<Double> within(double d) {
        return org.assertj.core.data.Offset.offset(d);
    }
}
