package io.qrouter.bench;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.Harnesses;
import io.qrouter.job.Records;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.serde.AvroCodec;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.TearDown;

/**
 * The router operator (heartbeat-k-live, one subtask, under Flink's operator harness) with N
 * servers known: {@code decideAndEncode} routes one task and encodes its decision as the sink does;
 * {@code serverUpdate} applies one server's update (a queue change, as every ENQUEUED and COMPLETED
 * event brings), the per-server path every router subtask pays for every update. Run: {@code java
 * -cp target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main RouterBench}.
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
     * Updates a router millisecond: about what 20,000 servers send with 2,000 tasks/s (three
     * lifecycle events a task, a quarter of the heartbeats news). One a millisecond would charge
     * each update a thousandth of the once-a-second fleet gauges, a pass over every server: at
     * 20,000 servers, 40 % of the time measured.
     */
    private static final int UPDATES_PER_MILLI = 10;

    private long next;
    private long updates;

    @Setup(Level.Trial)
    public void setUp() throws Exception {
        harness = Harnesses.routerInto(TestSettings.router(), output);
        harness.setProcessingTime(now);
        for (int i = 0; i < servers; i++) {
            harness.processBroadcastElement(
                    Records.snapshot("server-" + i, now, 1 + random.nextInt(5)), now);
        }
        for (int i = 0; i < tasks.length; i++) {
            tasks[i] = Records.task("task-" + i, now);
        }
    }

    @TearDown(Level.Trial)
    public void tearDown() throws Exception {
        harness.close();
    }

    @Benchmark
    public byte[] decideAndEncode() throws Exception {
        long decided = output.records();
        harness.processElement(tasks[(int) (next++ & (tasks.length - 1))], now);
        if (output.records() == decided) {
            throw new IllegalStateException("the router decided nothing: nothing to encode");
        }
        return codec.encode(output.last());
    }

    @Benchmark
    public void serverUpdate() throws Exception {
        if (++updates % UPDATES_PER_MILLI == 0) {
            harness.setProcessingTime(++now);
        }
        ServerUpdate update =
                Records.snapshot("server-" + random.nextInt(servers), now, random.nextInt(8));
        update.setHeartbeat(false);
        harness.processBroadcastElement(update, now);
    }
}
