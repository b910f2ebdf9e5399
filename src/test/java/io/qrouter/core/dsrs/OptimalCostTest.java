package io.qrouter.core.dsrs;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class OptimalCostTest {
    @Test
    void oneServiceFillsTheCheapestSystemFirst() {
        // λ = 5 over capacities 2 (cost 1) and 4 (cost 3): 2 units at 1, 3 units at 3 → g* = 11
        OptimalCost.Optimum opt =
                OptimalCost.solve(
                        new double[] {5}, new double[][] {{2, 4}}, new double[][] {{1, 3}});
        assertThat(opt.cost()).isCloseTo(11, within(1e-9));
        assertThat(opt.flow()[0][0]).isCloseTo(2, within(1e-9));
        assertThat(opt.flow()[0][1]).isCloseTo(3, within(1e-9));
    }

    @Test
    void sharedCapacityGoesToTheServiceThatWouldPayMostElsewhere() {
        // System 0 holds 3 units for both services. Moving a unit of service 0 to system 1 costs
        // +1, a unit of
        // service 1 costs +3, so service 1 keeps system 0 (2 units), service 0 gets the last unit
        // there and
        // 2 units on system 1: g* = 2·1 + 1·1 + 2·2 = 7 (the other way round: 3·1 + 2·4 = 11).
        OptimalCost.Optimum opt =
                OptimalCost.solve(
                        new double[] {3, 2},
                        new double[][] {{10, 10}, {10, 10}},
                        new double[][] {{1, 2}, {1, 4}},
                        new double[] {3, 10});
        assertThat(opt.cost()).isCloseTo(7, within(1e-9));
        assertThat(opt.flow()[1][0]).isCloseTo(2, within(1e-9));
        assertThat(opt.flow()[0][1]).isCloseTo(2, within(1e-9));
    }

    @Test
    void independentServicesAddUp() {
        // Service 0: λ=4 on caps {1,1,5}, costs {3,1,2}: system 1 takes 1 unit at 1, system 2 the
        // other 3 at 2 → 7.
        // Service 1: λ=2 on caps {2,2,2}, costs {5,5,4}: all on system 2 at 4 → 8. g* = 15.
        OptimalCost.Optimum opt =
                OptimalCost.solve(
                        new double[] {4, 2},
                        new double[][] {{1, 1, 5}, {2, 2, 2}},
                        new double[][] {{3, 1, 2}, {5, 5, 4}});
        assertThat(opt.cost()).isCloseTo(15, within(1e-9));
    }

    @Test
    void arrivalsOutsideTheCapacityRegionAreReported() {
        assertThatThrownBy(
                        () ->
                                OptimalCost.solve(
                                        new double[] {7},
                                        new double[][] {{2, 4}},
                                        new double[][] {{1, 3}}))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("outside the capacity region");
    }
}
