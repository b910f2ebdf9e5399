package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.ABANDONED;
import static io.qrouter.avro.TaskEventType.COMPLETED;
import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.avro.TaskEventType.STARTED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.TaskEvent;
import io.qrouter.job.Harnesses;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ServerStateSettings;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.StateBackend;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * The estimators' state as the job lays it out (a header plus one MapState entry per bucket,
 * arrival page and open task) gives the rates of a stream whose rates are known by construction, on
 * the heap and in RocksDB, and across a checkpoint and restore in the middle of the stream.
 */
class EstimatorStateLayoutTest {
    private ServerStateHarness harness;

    /**
     * 60 tasks, one every 100 ms from 0: every fifth waits 400 ms and abandons, the others start at
     * once and are served for 50 ms. Over the 6 s to the heartbeat: lambda = 60 / 6 s = 10/s; mu =
     * 48 completions / 2.4 s of service = 20/s; alphaC = 12 abandonments / 4.8 s of waiting =
     * 2.5/s.
     */
    private static List<TaskEvent> knownStream(String server) {
        List<TaskEvent> events = new ArrayList<>();
        for (int i = 0; i < 60; i++) {
            long t = 100L * i;
            String task = server + "-t" + i;
            events.add(event(server, task, ENQUEUED, t));
            if (i % 5 == 4) {
                events.add(event(server, task, ABANDONED, t + 400));
            } else {
                events.add(event(server, task, STARTED, t));
                events.add(event(server, task, COMPLETED, t + 50));
            }
        }
        events.sort(Comparator.comparingLong(e -> e.getEventTime().toEpochMilli()));
        return events;
    }

    private static StateBackend backend(String name) {
        return name.equals("rocksdb")
                ? new EmbeddedRocksDBStateBackend()
                : new HashMapStateBackend();
    }

    @ParameterizedTest
    @ValueSource(strings = {"hashmap", "rocksdb"})
    void ratesOfAStreamWithKnownRatesWithAndWithoutARestoreHalfWay(String backendName)
            throws Exception {
        ServerStateSettings settings = TestSettings.serverState();
        List<TaskEvent> a = knownStream("a");
        List<TaskEvent> b = knownStream("b");
        harness = Harnesses.serverState(settings, null, backend(backendName));
        feed(a);
        feed(b.subList(0, b.size() / 2));
        OperatorSubtaskState checkpoint = harness.snapshot(1, 1);
        harness.close();
        harness = Harnesses.serverState(settings, checkpoint, backend(backendName));
        feed(b.subList(b.size() / 2, b.size()));
        harness.processHeartbeat(heartbeat("a", 6_000, 0), 6_000);
        harness.processHeartbeat(heartbeat("b", 6_000, 0), 6_000);

        List<ServerMetrics> metrics =
                harness.getSideOutput(ServerStateFunction.METRICS).stream()
                        .map(StreamRecord::getValue)
                        .collect(Collectors.toList());
        assertThat(metrics).hasSize(2);
        for (ServerMetrics m : metrics) {
            assertThat(m.getLambda()).as(m.getServerId()).isCloseTo(10.0, within(1e-9));
            assertThat(m.getMu()).as(m.getServerId()).isCloseTo(20.0, within(1e-9));
            assertThat(m.getAlphaC()).as(m.getServerId()).isCloseTo(2.5, within(1e-9));
        }
        harness.close();
    }

    private void feed(List<TaskEvent> events) throws Exception {
        for (TaskEvent e : events) {
            harness.processEvent(e, e.getEventTime().toEpochMilli());
        }
    }
}
