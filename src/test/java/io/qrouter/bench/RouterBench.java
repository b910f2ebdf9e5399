package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.Harnesses;
import io.qrouter.job.Records;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.serde.AvroCodec;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The router operator (heartbeat-k-live, one subtask, under Flink's operator harness) with N
 * servers known. {@code routeTask} is one task's share of a router: it decides the task, encodes
 * the decision as the sink does, and applies the update of the chosen server that acknowledges it
 * and one that frees a busy server, so the in-flight tasks and the idle queue (a tenth of the
 * fleet) stay as they are; which parts of it read cold memory: docs/performance.md. {@code
 * serverUpdate} applies one server's update (a queue change, as every ENQUEUED and COMPLETED event
 * brings), the per-server path every router subtask pays for every update. Run: {@code java -cp
 * target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main RouterBench}.
 */
public class RouterBench extends PerOperationBench {
    @Param({"20", "2000", "20000"})
    int servers;

    private final TallyOutput<RoutingDecision> output = new TallyOutput<>();
    private RouterHarness harness;
    private final AvroCodec<RoutingDecision> codec = AvroCodec.of(RoutingDecision.class);
    private final TaskRequest[] tasks = new TaskRequest[4096];
    private final SplittableRandom random = new SplittableRandom(1);

    /**
     * Router clock (processing time) and event time alike: a realistic epoch, so once-a-second work
     * stays so.
     */
    private long now = 1_700_000_000_000L;

    /**
     * Operations a router millisecond, updates or tasks: about the updates 20,000 servers send with
     * 2,000 tasks/s (three lifecycle events a task, a quarter of the heartbeats news), and the
     * tasks one router decides in the pipeline's drain at 20,000 servers. One a millisecond would
     * charge each operation a thousandth of the once-a-second fleet gauges, a pass over every
     * server: at 20,000 servers, 35-40 % of the time measured.
     */
    private static final int OPERATIONS_PER_MILLI = 10;

    private long next;

    /** Which servers the router last heard idle: a tenth of them, throughout {@code routeTask}. */
    private boolean[] idle;

    private long operations;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        harness = Harnesses.routerInto(TestSettings.router(), output);
        harness.setProcessingTime(now);
        idle = new boolean[servers];
        for (int i = 0; i < servers; i++) {
            idle[i] = i % 10 == 0;
            harness.processBroadcastElement(
                    Records.snapshot("server-" + i, now, idle[i] ? 0 : 1 + random.nextInt(5)), now);
        }
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = Records.task("task-" + i, now);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        harness.close();
    }

    /**
     * Without the acknowledgement every decision stayed in flight until its server's bound was
     * reached, so the router drifted through the run and its error was half its mean.
     */
    @Benchmark
    public byte[] routeTask() throws Exception {
        tick();
        long decided = output.records();
        TaskRequest task = tasks[(int) (next++ & (tasks.length - 1))];
        harness.processElement(task, now);
        if (output.records() == decided) {
            throw new IllegalStateException("the router decided nothing: nothing to encode");
        }
        RoutingDecision decision = output.last();
        byte[] encoded = codec.encode(decision);
        String chosen = decision.getServerId();
        idle[Integer.parseInt(chosen.substring("server-".length()))] = false;
        ServerUpdate acknowledged = queueChange(chosen, 1);
        acknowledged.setEnqueuedSinceLastSnapshot(List.of(task.getTaskId()));
        harness.processBroadcastElement(acknowledged, now);
        int free = random.nextInt(servers);
        while (idle[free]) {
            free = random.nextInt(servers);
        }
        idle[free] = true;
        harness.processBroadcastElement(queueChange("server-" + free, 0), now);
        return encoded;
    }

    @Benchmark
    public void serverUpdate() throws Exception {
        tick();
        harness.processBroadcastElement(
                queueChange("server-" + random.nextInt(servers), random.nextInt(8)), now);
    }

    private void tick() throws Exception {
        if (++operations % OPERATIONS_PER_MILLI == 0) {
            harness.setProcessingTime(++now);
        }
    }

    /** A server's update for a lifecycle event: its queue changed, no heartbeat. */
    private ServerUpdate queueChange(String serverId, int queueLength) {
        ServerUpdate update = Records.snapshot(serverId, now, queueLength);
        update.setHeartbeat(false);
        return update;
    }
}
