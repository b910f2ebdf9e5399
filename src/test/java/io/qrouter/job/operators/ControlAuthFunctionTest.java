package io.qrouter.job.operators;

import static io.qrouter.job.operators.ControlFunctionTest.signed;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.records.ServerSignal;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.types.Either;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * {@code set}: validated and applied by the control authentication operator, one control-log entry
 * per command, the new live settings broadcast; refused with the key and its valid values, or the
 * live keys, changing nothing.
 */
class ControlAuthFunctionTest {
    private static final long NOW = 1_800_000_000_000L;

    private final JobConfig config = TestSettings.config("server.down-timeout.ms", "5000");
    private final List<ControlPipeline> open = new ArrayList<>();
    private int ids;

    @AfterEach
    void close() throws Exception {
        for (var pipeline : open) {
            pipeline.close();
        }
    }

    private ControlPipeline pipeline(ControlPipeline.Checkpoint restoreFrom) throws Exception {
        var pipeline =
                new ControlPipeline(
                        new ControlSettings(
                                ControlFunctionTest.SECRET, 60_000, TestSettings.router(), true),
                        config,
                        restoreFrom);
        pipeline.setProcessingTime(NOW);
        open.add(pipeline);
        return pipeline;
    }

    private ControlLogEntry set(ControlPipeline pipeline, String target, Map<String, String> args)
            throws Exception {
        int before = pipeline.log().size();
        pipeline.processElement1(
                new StreamRecord<>(Either.Right(signed("set-" + ++ids, NOW, "set", target, args))));
        assertThat(pipeline.log()).as("one entry per command").hasSize(before + 1);
        return pipeline.log().get(before);
    }

    @Test
    void aValidSetIsAppliedLoggedOnceAndBroadcastWhole() throws Exception {
        var pipeline = pipeline(null);
        ControlLogEntry entry =
                set(
                        pipeline,
                        null,
                        Map.of(
                                "server.down-timeout.ms",
                                "1500",
                                "heartbeat.max-interval.ms",
                                "900"));

        assertThat(entry.getOutcome()).isEqualTo("APPLIED");
        assertThat(entry.getReason())
                .contains(
                        "server.down-timeout.ms 5000 -> 1500",
                        "heartbeat.max-interval.ms 2000 -> 900");
        LiveSettings live = pipeline.liveSettings().get(0);
        assertThat(live.getVersion()).isEqualTo(1);
        assertThat(live.getDownTimeoutMillis()).isEqualTo(1500);
        assertThat(live.getHeartbeatMaxMillis()).isEqualTo(900);
        ServerStateSettings configured = ServerStateSettings.from(config);
        assertThat(live.getHeartbeatMinMillis()).isEqualTo(configured.heartbeatMin().toMillis());
        assertThat(live.getEstimatorMinEvents()).isEqualTo(configured.estimatorMinEvents());
        assertThat(pipeline.extractOutputValues()).as("routing control unchanged").isEmpty();
    }

    @Test
    void badSetsAreRefusedWithTheKeyAndItsRangeAndChangeNothing() throws Exception {
        var pipeline = pipeline(null);
        pipeline.processElement2(
                new StreamRecord<>(
                        ServerSignal.of(io.qrouter.job.Records.snapshot("s-1", NOW, 0))));
        List<String> reasons =
                List.of(
                                set(pipeline, null, Map.of("server.down-timeout.ms", "0")),
                                set(pipeline, null, Map.of("server.down-timeout.ms", "soon")),
                                set(pipeline, null, Map.of("heartbeat.min-interval.ms", "3000")),
                                set(
                                        pipeline,
                                        null,
                                        Map.of(
                                                "heartbeat.min-interval.ms",
                                                "100",
                                                "heartbeat.max-interval.ms",
                                                "50")),
                                set(pipeline, null, Map.of("server.estimator-window.ms", "1000")),
                                set(pipeline, null, Map.of("server.estimator-buckets", "10")),
                                set(pipeline, null, Map.of("router.policy", "jsq")),
                                set(pipeline, null, Map.of("server.nonsense", "1")),
                                set(pipeline, null, Map.of()),
                                set(pipeline, "s-1", Map.of("server.down-timeout.ms", "1000")))
                        .stream()
                        .peek(e -> assertThat(e.getOutcome()).isEqualTo("REFUSED"))
                        .map(ControlLogEntry::getReason)
                        .toList();

        String live =
                "live keys: server.down-timeout.ms, heartbeat.min-interval.ms, heartbeat.max-interval.ms, "
                        + "server.estimator-min-events, server.update-coalesce.ms";
        assertThat(reasons)
                .containsExactly(
                        "config key 'server.down-timeout.ms' must be an integer in [1, 86400000] (got '0')",
                        "config key 'server.down-timeout.ms' must be an integer in [1, 86400000] (got 'soon')",
                        "config key 'heartbeat.max-interval.ms' (2000) must be ≥ 'heartbeat.min-interval.ms' (3000)",
                        "config key 'heartbeat.max-interval.ms' (50) must be ≥ 'heartbeat.min-interval.ms' (100)",
                        "'server.estimator-window.ms' needs a restart: it reshapes the estimator windows every "
                                + "server keeps in state; "
                                + live,
                        "'server.estimator-buckets' needs a restart: it reshapes the estimator windows every "
                                + "server keeps in state; "
                                + live,
                        "'router.policy' cannot be set live, only at start-up; " + live,
                        "unknown config key 'server.nonsense'; " + live,
                        "set needs KEY=VALUE arguments; " + live,
                        "set applies to the whole fleet and takes no target (got \"s-1\")");
        assertThat(pipeline.liveSettings()).as("nothing broadcast").isEmpty();

        // and nothing changed: the next valid set starts from the configured values
        set(pipeline, null, Map.of("server.update-coalesce.ms", "20"));
        LiveSettings after = pipeline.liveSettings().get(0);
        assertThat(after.getVersion()).isEqualTo(1);
        assertThat(after.getDownTimeoutMillis()).isEqualTo(5000);
        assertThat(after.getHeartbeatMinMillis()).isEqualTo(250);
    }

    @Test
    void setsBuildOnEachOtherAcrossARestore() throws Exception {
        var pipeline = pipeline(null);
        set(pipeline, null, Map.of("heartbeat.min-interval.ms", "1000"));
        ControlPipeline.Checkpoint checkpoint = pipeline.snapshot(1, NOW);

        var restored = pipeline(checkpoint);
        // min 1000 holds after the restore: a max below it is refused, one above it applied
        assertThat(set(restored, null, Map.of("heartbeat.max-interval.ms", "800")).getReason())
                .isEqualTo(
                        "config key 'heartbeat.max-interval.ms' (800) must be ≥ 'heartbeat.min-interval.ms' (1000)");
        assertThat(set(restored, null, Map.of("heartbeat.max-interval.ms", "1200")).getOutcome())
                .isEqualTo("APPLIED");
        LiveSettings live = restored.liveSettings().get(0);
        assertThat(live.getVersion()).isEqualTo(2);
        assertThat(live.getHeartbeatMinMillis()).isEqualTo(1000);
        assertThat(live.getHeartbeatMaxMillis()).isEqualTo(1200);
    }
}
