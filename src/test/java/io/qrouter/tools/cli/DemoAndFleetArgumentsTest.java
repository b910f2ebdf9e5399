package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import org.junit.jupiter.api.Test;

/**
 * Bad arguments of demo, fleet and bench pipeline stop before anything starts: exit code 2 and a
 * message naming the option.
 */
class DemoAndFleetArgumentsTest {

    @Test
    void badDemoArgumentsExitTwoNamingTheOption() {
        assertRejected("--servers must be in [1, 10000] (got 0)", "demo", "--servers", "0");
        assertRejected("--policy: unknown policy \"foo\"", "demo", "--policy", "foo");
        // the demo offers every policy the job has, the GA batch router of seed 001 included
        assertRejected(
                "heartbeat-k-live, prequal, p2c-ewma, least-request, ga-batch",
                "demo",
                "--policy",
                "foo");
        assertRejected("--compare: unknown policy \"nope\"", "demo", "--compare", "jsq,nope");
        assertRejected("--duration must be > 0s", "demo", "--duration", "0s");
        assertRejected(
                "--delivery must be exactly-once or at-least-once", "demo", "--delivery", "maybe");
        assertRejected(
                "--checkpoint-interval must be in [100ms, 60s]",
                "demo",
                "--checkpoint-interval",
                "10ms");
        assertRejected("is not a duration", "demo", "--duration", "soon");
        assertRejected("--chaos needs --duration ≥ 40s", "demo", "--chaos", "--duration", "30s");
        assertRejected(
                "--chaos-schedule: unknown fault \"reboot\" (valid: kill-taskmanager, restart-broker, poison)",
                "demo",
                "--chaos-schedule",
                "reboot@10s");
        assertRejected(
                "--chaos-schedule: poison@90s must lie within the run, in (0s, 60.0s)",
                "demo",
                "--chaos-schedule",
                "poison@90s");
        assertRejected(
                "--broker-downtime must be in [0s, 60s] (got 90000ms)",
                "demo",
                "--chaos",
                "--broker-downtime",
                "90s");
        assertRejected(
                "--fail-servers: unknown server \"server-9\"; the fleet's servers are server-1 … server-4",
                "demo",
                "--servers",
                "4",
                "--fail-servers",
                "server-9");
        assertRejected(
                "--fail-share must be in [0, 1] (got -0.5)",
                "demo",
                "--fail-servers",
                "server-1",
                "--fail-share",
                "-0.5");
        assertRejected(
                "config key 'outlier.max-ejection-share' must be",
                "demo",
                "--set",
                "outlier.max-ejection-share=2");
        assertRejected("unknown config key 'outlier.nope'", "demo", "--set", "outlier.nope=1");
        assertRejected(
                "--prometheus-port must be in [0, 65535], 0 for none (got 70000)",
                "demo",
                "--prometheus-port",
                "70000");
    }

    @Test
    void badFleetArgumentsExitTwoNamingTheOption() {
        assertRejected("--bootstrap", "fleet");
        assertRejected(
                "--load must be in (0, 1.5] (got 3.0)",
                "fleet",
                "--bootstrap",
                "localhost:1",
                "--load",
                "3");
        assertRejected("--arrivals", "fleet", "--bootstrap", "localhost:1", "--arrivals", "zipf");
    }

    @Test
    void badBenchPipelineArgumentsExitTwoNamingTheOption() {
        assertRejected(
                "--rates must be rates in (0, 100000] tasks per second",
                "bench",
                "pipeline",
                "--rates",
                "0");
        assertRejected("'soon' is not a duration", "bench", "pipeline", "--preroll", "soon");
        assertRejected(
                "--records must be in [100, 1000000000] (got 5)",
                "bench",
                "pipeline",
                "--records",
                "5");
        assertRejected(
                "--tasks must be >= 10, or left out to size by --records (got 3)",
                "bench",
                "pipeline",
                "--tasks",
                "3");
        assertRejected(
                "--state-backend must be hashmap and/or rocksdb",
                "bench",
                "pipeline",
                "--state-backend",
                "memory");
    }

    private static void assertRejected(String message, String... args) {
        CommandRun r = CommandRun.of(args);
        assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(r.err()).contains(message);
    }
}
