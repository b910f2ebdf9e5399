package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.control.ControlRefusal;
import io.qrouter.core.policy.AdaptiveHeartbeat;
import io.qrouter.job.Harnesses;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.typeutils.PojoTypeInfo;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Live settings ({@code qrouter control set}) on the per-server state: each takes effect with the
 * next record of a server, a refused one changes nothing, and a restore from a checkpoint keeps
 * them.
 */
class ServerStateLiveSettingsTest {
    private final JobConfig config = TestSettings.config();
    private final ServerStateSettings configured = ServerStateSettings.from(config);
    private ServerStateHarness harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    /** The live settings after {@code set key=value ...}, validated as the job does. */
    private LiveSettings set(String... keysAndValues) throws ControlRefusal {
        Map<String, String> values = new LinkedHashMap<>();
        for (int i = 0; i < keysAndValues.length; i += 2) {
            values.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return LiveSettings.of(configured).set(configured, values);
    }

    private List<ServerMetrics> metrics() {
        var records = harness.getSideOutput(ServerStateFunction.METRICS);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    @Test
    void aShorterDownTimeoutMarksASilentServerDownSooner() throws Exception {
        long configuredTimeout = configured.downTimeout().toMillis();
        harness = Harnesses.serverState(configured, null);
        harness.setProcessingTime(0);
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        harness.processLiveSettings(set("server.down-timeout.ms", "3500"));
        harness.setProcessingTime(100);
        harness.processHeartbeat(heartbeat("s1", 1_100, 0), 1_100);

        // the server announces 1 s intervals: down after max(3.5 s, 3 x 1 s) of silence
        harness.setProcessingTime(100 + 3_499);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::isAlive)
                .containsOnly(true);
        harness.setProcessingTime(100 + 3_500);
        assertThat(harness.extractOutputValues())
                .last()
                .satisfies(u -> assertThat(u.isAlive()).isFalse());
        assertThat(100 + 3_500L).isLessThan(configuredTimeout);
    }

    @Test
    void theHeartbeatRangeClampsTheRecommendedInterval() throws Exception {
        harness = Harnesses.serverState(configured, null);
        harness.processHeartbeat(heartbeat("idle", 1_000, 0), 1_000);
        harness.processHeartbeat(heartbeat("loaded", 1_000, 9), 1_000);
        harness.processLiveSettings(
                set("heartbeat.min-interval.ms", "50", "heartbeat.max-interval.ms", "400"));
        harness.processHeartbeat(heartbeat("idle", 2_000, 1), 2_000);
        harness.processHeartbeat(heartbeat("loaded", 2_000, 8), 2_000);

        List<ServerUpdate> out = harness.extractOutputValues();
        assertThat(out.get(0).getRecommendedHeartbeatMillis())
                .isEqualTo(configured.heartbeatMax().toMillis());
        AdaptiveHeartbeat live = new AdaptiveHeartbeat(50, 400);
        assertThat(out.get(2).getRecommendedHeartbeatMillis())
                .isEqualTo(live.nextIntervalMillis(1, Double.NaN))
                .isLessThan(400);
        assertThat(out.get(3).getRecommendedHeartbeatMillis())
                .isEqualTo(live.nextIntervalMillis(8, Double.NaN))
                .isGreaterThanOrEqualTo(50);
    }

    @Test
    void fewerMinimumEventsLetEstimatesAppearSooner() throws Exception {
        harness = Harnesses.serverState(configured, null);
        for (int i = 0; i < 5; i++) {
            harness.processEvent(event("s1", "t" + i, ENQUEUED, 100L * i), 100L * i);
        }
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        assertThat(metrics().get(0).getLambda()).as("5 arrivals, 20 needed").isNull();

        harness.processLiveSettings(set("server.estimator-min-events", "5"));
        harness.processHeartbeat(heartbeat("s1", 1_000, 5), 1_000);
        assertThat(metrics().get(1).getLambda()).isCloseTo(5.0, within(1e-9));
    }

    @Test
    void aCoalescingWindowHoldsQueueChangesFromTheNextEvent() throws Exception {
        harness = Harnesses.serverState(configured, null);
        harness.setProcessingTime(1_000);
        harness.processHeartbeat(heartbeat("s1", 1_000, 1), 1_000);
        harness.processEvent(event("s1", "t1", ENQUEUED, 1_010), 1_010);
        assertThat(harness.extractOutputValues()).as("sent at once (0 ms configured)").hasSize(2);

        harness.processLiveSettings(set("server.update-coalesce.ms", "50"));
        harness.processEvent(event("s1", "t2", ENQUEUED, 1_020), 1_020);
        harness.processEvent(event("s1", "t3", ENQUEUED, 1_030), 1_030);
        assertThat(harness.extractOutputValues()).as("held for the window").hasSize(2);
        harness.setProcessingTime(1_050);
        assertThat(harness.extractOutputValues())
                .hasSize(3)
                .last()
                .satisfies(u -> assertThat(u.getQueueLength()).isEqualTo(4));
    }

    @Test
    void aRefusedSetChangesNothing() throws Exception {
        LiveSettings before = LiveSettings.of(configured);
        assertThatThrownBy(
                        () ->
                                before.set(
                                        configured,
                                        Map.of(
                                                "server.down-timeout.ms",
                                                "100",
                                                "heartbeat.min-interval.ms",
                                                "0")))
                .isInstanceOf(ControlRefusal.class)
                .hasMessageContaining("heartbeat.min-interval.ms")
                .hasMessageContaining("[1, 3600000]");
        assertThat(before.asConfig()).isEqualTo(LiveSettings.of(configured).asConfig());
        assertThat(before.getVersion()).isZero();
    }

    @Test
    void liveSettingsSurviveACheckpointAndRestore() throws Exception {
        harness = Harnesses.serverState(configured, null);
        harness.processLiveSettings(set("heartbeat.max-interval.ms", "600"));
        harness.processHeartbeat(heartbeat("s1", 1_000, 0), 1_000);
        OperatorSubtaskState checkpoint = harness.snapshot(1, 1);
        harness.close();

        harness = Harnesses.serverState(configured, checkpoint);
        harness.processHeartbeat(heartbeat("s2", 2_000, 0), 2_000);
        assertThat(harness.extractOutputValues())
                .singleElement()
                .satisfies(u -> assertThat(u.getRecommendedHeartbeatMillis()).isEqualTo(600));
        assertThat(configured.heartbeatMax().toMillis()).isNotEqualTo(600);
    }

    @Test
    void liveSettingsAreAPojoNotKryo() {
        assertThat(TypeInformation.of(LiveSettings.class)).isInstanceOf(PojoTypeInfo.class);
    }
}
