package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.core.control.AllowList;
import io.qrouter.job.Harnesses;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.config.ServerStateSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.WriteBackCache;
import java.util.List;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * Admission on the per-server state: a server off the allow-list changes no state and gets no
 * update (so no task); each of its records is dead-lettered with the reason; a server deregistered
 * while it runs is forgotten at its next record, and one registered later is taken from then on.
 */
class ServerStateAdmissionTest {
    private final ServerStateSettings configured =
            ServerStateSettings.from(TestSettings.config("server.allow-list", "server-1,rack-*"));
    private ServerStateHarness harness;

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    private List<DeadLetter> deadLetters() {
        var records = harness.getSideOutput(ServerStateFunction.NOT_ADMITTED);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    @Test
    void recordsOfAServerNotListedChangeNothingAndAreDeadLettered() throws Exception {
        harness = Harnesses.serverState(configured, null);
        harness.processHeartbeat(heartbeat("evil-1", 1_000, 0), 1_000);
        harness.processEvent(event("evil-1", "t-1", ENQUEUED, 1_001), 1_001);
        assertThat(harness.extractOutputValues()).isEmpty();
        assertThat(harness.numKeyedStateEntries()).isZero();
        assertThat(deadLetters()).hasSize(2);
        assertThat(deadLetters().get(0).getSourceTopic()).isEqualTo("heartbeats");
        assertThat(deadLetters().get(1).getSourceTopic()).isEqualTo("server-events");
        assertThat(deadLetters().get(1).getTaskId()).isEqualTo("t-1");
        assertThat(deadLetters().get(0).getReason())
                .startsWith("server evil-1: server not admitted: server.admission=allow-list");

        harness.processHeartbeat(heartbeat("server-1", 1_000, 0), 1_000);
        harness.processHeartbeat(heartbeat("rack-9", 1_000, 0), 1_000);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::getServerId)
                .containsExactly("server-1", "rack-9");
        assertThat(deadLetters()).hasSize(2);
    }

    /**
     * Under RocksDB, the state cache holds admitted servers only: a flood of events from ids nobody
     * listed goes around it, so it cannot push an admitted server out.
     */
    @Test
    void unlistedIdsNeverEnterTheStateCache() throws Exception {
        harness = Harnesses.serverState(configured, null, new EmbeddedRocksDBStateBackend(), 2);
        WriteBackCache cache = ((ServerStateOperator) harness.getTwoInputOperator()).stateCache();
        harness.processEvent(event("server-1", "t-0", ENQUEUED, 1_000), 1_000);
        assertThat(cache.size()).isEqualTo(1);
        for (int i = 0; i < 50; i++) {
            harness.processEvent(event("evil-" + i, "t-" + i, ENQUEUED, 1_001), 1_001);
        }
        assertThat(deadLetters()).hasSize(50);
        assertThat(cache.size()).isEqualTo(1);
        assertThat(cache.evictions()).isZero();
        harness.processHeartbeat(heartbeat("server-1", 2_000, 1), 2_000);
        assertThat(harness.extractOutputValues())
                .extracting(ServerUpdate::getServerId)
                .containsOnly("server-1");
    }

    @Test
    void deregisteredIsForgottenAtItsNextRecordAndRegisteredIsTaken() throws Exception {
        harness = Harnesses.serverState(configured, null);
        harness.processHeartbeat(heartbeat("server-1", 1_000, 0), 1_000);
        LiveSettings live = LiveSettings.of(configured);
        harness.processLiveSettings(
                live.withAllowList(AllowList.parse("rack-*").with(List.of("server-2"))));
        harness.processHeartbeat(heartbeat("server-1", 1_200, 0), 1_200);
        List<ServerUpdate> updates = harness.extractOutputValues();
        assertThat(updates).hasSize(2);
        assertThat(updates.get(1).isGone()).isTrue();
        assertThat(harness.numKeyedStateEntries()).isZero();
        assertThat(deadLetters()).extracting(DeadLetter::getReason).hasSize(1);

        harness.processHeartbeat(heartbeat("server-2", 1_300, 0), 1_300);
        assertThat(harness.extractOutputValues())
                .last()
                .satisfies(u -> assertThat(u.getServerId()).isEqualTo("server-2"))
                .satisfies(u -> assertThat(u.isAlive()).isTrue());
    }

    @Test
    void openAdmissionTakesEveryId() throws Exception {
        harness =
                Harnesses.serverState(
                        ServerStateSettings.from(
                                TestSettings.config(
                                        "server.admission", "open", "server.allow-list", "")),
                        null);
        harness.processHeartbeat(heartbeat("anyone", 1_000, 0), 1_000);
        assertThat(harness.extractOutputValues()).hasSize(1);
        assertThat(deadLetters()).isEmpty();
    }
}
