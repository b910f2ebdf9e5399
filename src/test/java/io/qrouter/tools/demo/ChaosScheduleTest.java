package io.qrouter.tools.demo;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import java.time.Duration;
import java.util.function.Function;
import org.junit.jupiter.api.Test;

class ChaosScheduleTest {
    private static final Duration MINUTE = Duration.ofSeconds(60);
    private static final Duration DOWN = Duration.ofSeconds(5);

    /** Seconds only, as a stand-in for the command line's duration syntax. */
    private static final Function<String, Duration> SECONDS =
            text -> {
                if (!text.endsWith("s")) {
                    throw new IllegalArgumentException("'" + text + "' is not a duration");
                }
                return Duration.ofMillis(
                        Math.round(
                                Double.parseDouble(text.substring(0, text.length() - 1)) * 1000));
            };

    @Test
    void theDefaultPutsEveryFaultIntoTheRunInOrder() {
        ChaosSchedule schedule = ChaosSchedule.defaultFor(MINUTE, DOWN);
        assertThat(schedule)
                .hasToString(
                        "poison@9.0s,kill-taskmanager@18.0s,restart-broker@30.0s,poison@48.0s");
        assertThat(schedule.brokerDowntime()).isEqualTo(DOWN);
        assertThatThrownBy(() -> ChaosSchedule.defaultFor(Duration.ofSeconds(30), DOWN))
                .hasMessage(
                        "--chaos needs --duration ≥ 40s for its default schedule (got 30.0s); or give "
                                + "--chaos-schedule");
    }

    @Test
    void aGivenScheduleIsSortedAndChecked() {
        ChaosSchedule schedule =
                ChaosSchedule.parse(
                        "restart-broker@30s, kill-taskmanager@12.5s", MINUTE, DOWN, SECONDS);
        assertThat(schedule.steps())
                .extracting(ChaosSchedule.Step::fault)
                .containsExactly(Fault.KILL_TASKMANAGER, Fault.RESTART_BROKER);
        assertThat(schedule.steps().get(0).at()).isEqualTo(Duration.ofMillis(12_500));

        assertThatThrownBy(() -> ChaosSchedule.parse("reboot@10s", MINUTE, DOWN, SECONDS))
                .hasMessage(
                        "--chaos-schedule: unknown fault \"reboot\" (valid: kill-taskmanager, restart-broker, "
                                + "poison)");
        assertThatThrownBy(() -> ChaosSchedule.parse("poison@60s", MINUTE, DOWN, SECONDS))
                .hasMessage("--chaos-schedule: poison@60s must lie within the run, in (0s, 60.0s)");
        assertThatThrownBy(() -> ChaosSchedule.parse("poison", MINUTE, DOWN, SECONDS))
                .hasMessageStartingWith("--chaos-schedule: expected FAULT@TIME");
        assertThatThrownBy(() -> ChaosSchedule.parse("poison@soon", MINUTE, DOWN, SECONDS))
                .hasMessage("--chaos-schedule: 'soon' is not a duration");
    }
}
