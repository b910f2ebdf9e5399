package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.tools.sim.Slowdowns;
import java.util.List;
import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;

/** What-if settings change the twin's fleet, arrivals and routing, and nothing else. */
class WhatIfTest {
    private final DigitalTwin.Servers three =
            new DigitalTwin.Servers(
                    List.of("a", "b", "c"),
                    new double[] {1, 2, 3},
                    new int[] {1, 4, 16},
                    new Slowdowns(3, 10, 20, new double[] {Double.NaN, 5, Double.NaN}));

    @Test
    void moreServersAreTheRunsServersThenCopiesInTurn() {
        DigitalTwin.Servers seven = servers(7).servers(three);
        assertThat(seven.ids()).containsExactly("a", "b", "c", "a~1", "b~1", "c~1", "a~2");
        assertThat(seven.mu()).containsExactly(1, 2, 3, 1, 2, 3, 1);
        assertThat(seven.slots()).containsExactly(1, 4, 16, 1, 4, 16, 1);
        assertThat(seven.slowdowns().slows(1)).isTrue();
        assertThat(seven.slowdowns().slows(4)).isTrue();
        assertThat(seven.slowdowns().phase()[4]).isEqualTo(5);
        assertThat(seven.slowdowns().slows(0)).isFalse();
        assertThat(seven.slowdowns().factor()).isEqualTo(3);
    }

    @Test
    void fewerServersAreTheRunsFirst() {
        DigitalTwin.Servers two = servers(2).servers(three);
        assertThat(two.ids()).containsExactly("a", "b");
        assertThat(two.slots()).containsExactly(1, 4);
        assertThat(two.slowdowns().slows(1)).isTrue();
    }

    @Test
    void aHigherLoadBringsTheSameTasksSoonerWithTheirDelaysKept() {
        TaskTimeline t = timeline(0.3);
        WhatIf faster =
                new WhatIf(
                        Optional.empty(),
                        OptionalInt.empty(),
                        OptionalInt.empty(),
                        OptionalDouble.of(1.0),
                        OptionalDouble.empty());
        assertThat(faster.timeScale(0.8)).isCloseTo(0.8, within(1e-12));
        TaskTimeline moved = faster.tasks(List.of(t), 0.8).get(0);
        assertThat(moved.decidedAt()).isCloseTo(8.0, within(1e-12));
        assertThat(moved.receivedAt() - moved.decidedAt()).isCloseTo(0.03, within(1e-12));
        assertThat(moved.decidedAt() - moved.createdAt()).isCloseTo(0.1, within(1e-12));
        assertThat(moved.work()).isEqualTo(0.5);
        assertThat(moved.patienceSeconds()).isEqualTo(2);
        assertThat(moved.updateDelaySeconds()).isEqualTo(0.04);
        assertThat(moved.sampledUpdateDelaySeconds()).isEqualTo(0.3);
        assertThat(WhatIf.AS_RUN.tasks(List.of(t), 0.8)).containsExactly(t);
    }

    @Test
    void policyAndRoutersReplaceTheJobsOwnAndKeepItsSettings() {
        DigitalTwin.JobModel run =
                new DigitalTwin.JobModel(
                        PolicyName.HEARTBEAT_K_LIVE,
                        1,
                        new AdaptiveHeartbeat(250, 2000),
                        new EstimatorConfig(),
                        0.5,
                        3,
                        true);
        WhatIf jsq4 = WhatIf.routing(Optional.of(PolicyName.JSQ), OptionalInt.of(4));
        DigitalTwin.JobModel other = jsq4.job(run);
        assertThat(other.policy()).isEqualTo(PolicyName.JSQ);
        assertThat(other.routers()).isEqualTo(4);
        assertThat(other.heartbeat()).isEqualTo(run.heartbeat());
        assertThat(other.loadIndexTimeUnitSeconds()).isEqualTo(0.5);
        assertThat(other.slowStartSeconds()).isEqualTo(3);
        assertThat(jsq4.describe()).isEqualTo("policy jsq, 4 routers");
        assertThat(WhatIf.AS_RUN.describe()).isEqualTo("as run");
        assertThat(WhatIf.AS_RUN.asRun()).isTrue();
    }

    @Test
    void refusesValuesOutOfRange() {
        assertThatThrownBy(() -> servers(0)).hasMessage("servers must be >= 1 (got 0)");
        assertThatThrownBy(
                        () ->
                                new WhatIf(
                                        Optional.empty(),
                                        OptionalInt.empty(),
                                        OptionalInt.empty(),
                                        OptionalDouble.of(0),
                                        OptionalDouble.empty()))
                .hasMessage("load must be > 0 (got 0.0)");
        for (double bad : new double[] {-0.5, Double.NaN, Double.POSITIVE_INFINITY}) {
            assertThatThrownBy(() -> delays(bad))
                    .hasMessage("delays must be a finite factor >= 0 (got " + bad + ")");
        }
    }

    @Test
    void scaledDelaysMoveEachTasksWayToItsServerAndEveryUpdatesAndNothingElse() {
        TaskTimeline t = timeline(0.3);
        TaskTimeline half = delays(0.5).tasks(List.of(t), 0.8).get(0);
        assertThat(half.receivedAt()).isCloseTo(10.015, within(1e-12));
        assertThat(half.updateDelaySeconds()).isCloseTo(0.02, within(1e-12));
        assertThat(half.sampledUpdateDelaySeconds()).isCloseTo(0.15, within(1e-12));
        assertThat(half.decidedAt()).isEqualTo(10);
        assertThat(half.createdAt()).isEqualTo(9.9);
        assertThat(half.startedAt()).isEqualTo(10.5);
        assertThat(half.work()).isEqualTo(0.5);
        assertThat(delays(0.5).describe()).isEqualTo("delays x0.5");

        TaskTimeline none = delays(0).tasks(List.of(t), 0.8).get(0);
        assertThat(none.receivedAt()).isEqualTo(none.decidedAt());
        assertThat(none.updateDelaySeconds()).isZero();

        // an unsampled delay stays unknown, and a higher load moves the task as before
        TaskTimeline unsampled = timeline(Double.NaN);
        WhatIf both =
                new WhatIf(
                        Optional.empty(),
                        OptionalInt.empty(),
                        OptionalInt.empty(),
                        OptionalDouble.of(1.0),
                        OptionalDouble.of(2));
        TaskTimeline moved = both.tasks(List.of(unsampled), 0.8).get(0);
        assertThat(moved.decidedAt()).isCloseTo(8.0, within(1e-12));
        assertThat(moved.receivedAt() - moved.decidedAt()).isCloseTo(0.06, within(1e-12));
        assertThat(moved.updateDelaySeconds()).isCloseTo(0.08, within(1e-12));
        assertThat(moved.sampledUpdateDelaySeconds()).isNaN();
        assertThat(both.describe()).isEqualTo("load 1.0, delays x2.0");
    }

    /** Decided at 10 s, received 0.03 s later, its server's update 0.04 s late. */
    private static TaskTimeline timeline(double sampledUpdateDelay) {
        return new TaskTimeline(
                "t",
                9.9,
                9.95,
                9.97,
                10,
                10.01,
                10.03,
                10.5,
                11,
                "COMPLETED",
                "a",
                "MIN_K",
                0.5,
                2,
                0.04,
                sampledUpdateDelay);
    }

    private static WhatIf delays(double factor) {
        return new WhatIf(
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.empty(),
                OptionalDouble.empty(),
                OptionalDouble.of(factor));
    }

    private static WhatIf servers(int n) {
        return new WhatIf(
                Optional.empty(),
                OptionalInt.empty(),
                OptionalInt.of(n),
                OptionalDouble.empty(),
                OptionalDouble.empty());
    }
}
