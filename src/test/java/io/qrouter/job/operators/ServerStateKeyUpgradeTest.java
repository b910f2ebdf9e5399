package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.Harnesses;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.StringKeySerializer;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Per-server state checkpointed while Flink's string serializer wrote its keys (qrouter before
 * {@link StringKeySerializer}) restores into the job as it is now: the server's state and its down
 * timer. Under RocksDB a key is found by its bytes, so this fails unless both write the same.
 */
class ServerStateKeyUpgradeTest extends ServerStateFunctionTestBase {
    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void stateKeyedByFlinksStringsRestoresWithItsTimers(String backend) throws Exception {
        harness = Harnesses.serverStateKeyedByFlinksStrings(settings, backend(backend));
        harness.setProcessingTime(0);
        harness.processHeartbeat(heartbeat("s1", 1_000, 3), 1_000);
        harness.processEvent(event("s1", "a", ENQUEUED, 1_500), 1_500);
        OperatorSubtaskState checkpoint = harness.snapshot(1, 1);
        harness.close();

        harness = Harnesses.serverState(settings, checkpoint, backend(backend));
        harness.setProcessingTime(DOWN_TIMEOUT);
        ServerUpdate down = single(harness.extractOutputValues());
        assertThat(down.getServerId()).isEqualTo("s1");
        assertThat(down.isAlive()).isFalse();
        assertThat(down.getQueueLength()).isEqualTo(4);
        assertThat(down.getHeartbeatTriggers()).isEqualTo(1);
    }

    private static StateBackend backend(String name) {
        return name.equals("rocksdb")
                ? new EmbeddedRocksDBStateBackend()
                : new HashMapStateBackend();
    }
}
