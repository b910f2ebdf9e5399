package io.qrouter.bench;

import static io.qrouter.avro.TaskEventType.COMPLETED;
import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.avro.TaskEventType.STARTED;

import io.qrouter.avro.TaskEventType;
import io.qrouter.job.Harnesses;
import io.qrouter.job.Records;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.records.ServerUpdate;
import java.nio.file.Files;
import java.nio.file.Path;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.runtime.state.hashmap.HashMapStateBackend;
import org.apache.flink.runtime.state.storage.FileSystemCheckpointStorage;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.util.FileUtils;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The per-server state operator under Flink's operator harness, on the heap or in RocksDB, with N
 * servers each holding a full estimator window and {@code openTasks} tasks waiting: {@code
 * taskLifecycle} is one task's ENQUEUED, STARTED and COMPLETED (their updates to the routers
 * included; every {@value #TASKS_PER_HEARTBEAT}th task of a server also brings its heartbeat, as
 * 100 tasks a second per server would), {@code heartbeat} one heartbeat (estimates, metrics, the
 * heartbeat log, and the update when it brings news), {@code checkpoint} one checkpoint of all N
 * servers. {@code history} is what the servers did before, each task followed by a heartbeat. Run:
 * {@code java -cp target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main
 * ServerStateBench}.
 */
public class ServerStateBench extends PerOperationBench {
    static final int TASKS_PER_HEARTBEAT = 100;

    @Param({"hashmap", "rocksdb"})
    String backend;

    @Param({"20", "2000"})
    int servers;

    @Param({"10", "1000"})
    int openTasks;

    /**
     * busy: a task every 500 ms over the last 60 s, every bucket of the window live; quiet: a task
     * every 9.7 s over 20 minutes, as most of a large fleet's servers, the ring's slots long since
     * all used once and six of them in the window.
     */
    @Param({"busy", "quiet"})
    String history;

    private final TallyOutput<ServerUpdate> output = new TallyOutput<>();
    private ServerStateHarness harness;
    private String[] serverIds;
    private long task;
    private long nowMillis = 1_300_000;
    private int server;
    private long checkpointId;
    private Path checkpoints;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        checkpoints = Files.createTempDirectory("server-state-bench");
        harness =
                Harnesses.serverStateInto(
                        TestSettings.serverState(),
                        backend.equals("rocksdb") ? rocksDb() : new HashMapStateBackend(),
                        ServerStateHarness.DEFAULT_CACHED_SERVERS,
                        new FileSystemCheckpointStorage(checkpoints.toUri()),
                        output);
        serverIds = new String[servers];
        for (int s = 0; s < servers; s++) {
            serverIds[s] = "server-" + s;
            harness.processHeartbeat(Records.heartbeat(serverIds[s], 0, 0), 0);
            for (int k = 0; k < openTasks; k++) {
                event(serverIds[s], "waiting-" + k, ENQUEUED, k);
            }
            long step = history.equals("quiet") ? 9_700 : 500;
            for (long t = nowMillis - 120 * step; t < nowMillis; t += step) {
                lifecycle(serverIds[s], "warm-" + s + "-" + t, t);
                harness.processHeartbeat(Records.heartbeat(serverIds[s], t + 2, 0), t + 2);
            }
        }
    }

    /**
     * RocksDB with its own write buffers: the harness's mock environment has almost no managed
     * memory, under which RocksDB flushes its memtable on nearly every write (as it warns), which a
     * TaskManager would not do.
     */
    private static EmbeddedRocksDBStateBackend rocksDb() {
        EmbeddedRocksDBStateBackend rocksDb = new EmbeddedRocksDBStateBackend();
        rocksDb.getMemoryConfiguration().setUseManagedMemory(false);
        return rocksDb;
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        if (output.sideRecords() == 0) {
            throw new IllegalStateException(
                    "the operator's records did not reach the benchmark's output");
        }
        harness.close();
        FileUtils.deleteDirectory(checkpoints.toFile());
    }

    @Benchmark
    public void taskLifecycle() throws Exception {
        server = (server + 1) % servers;
        lifecycle(serverIds[server], "task-" + task, nowMillis++);
        if (task++ / servers % TASKS_PER_HEARTBEAT == 0) {
            harness.processHeartbeat(Records.heartbeat(serverIds[server], nowMillis, 1), nowMillis);
        }
    }

    @Benchmark
    public void heartbeat() throws Exception {
        server = (server + 1) % servers;
        harness.processHeartbeat(Records.heartbeat(serverIds[server], nowMillis++, 1), nowMillis);
    }

    /**
     * One checkpoint of every server's state, its synchronous and asynchronous parts both, to files
     * as a cluster's would be: what the job pays every {@code checkpoint.interval.ms} whatever the
     * traffic.
     */
    @Benchmark
    public long checkpoint() throws Exception {
        OperatorSubtaskState written = harness.snapshot(++checkpointId, nowMillis);
        long bytes = written.getStateSize();
        written.discardState();
        return bytes;
    }

    private void lifecycle(String serverId, String taskId, long t) throws Exception {
        event(serverId, taskId, ENQUEUED, t);
        event(serverId, taskId, STARTED, t);
        event(serverId, taskId, COMPLETED, t + 1);
    }

    private void event(String serverId, String taskId, TaskEventType type, long t)
            throws Exception {
        harness.processEvent(Records.event(serverId, taskId, type, t), t);
    }
}
