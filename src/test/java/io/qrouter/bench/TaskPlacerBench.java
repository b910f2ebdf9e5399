package io.qrouter.bench;

import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.ServerSnapshot;
import io.qrouter.core.policy.TaskPlacer;
import java.util.List;
import java.util.SplittableRandom;
import org.openjdk.jmh.annotations.Benchmark;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Setup;

/**
 * The task placer with N servers and R routers, a tenth of the servers idle: {@code placeTask}
 * decides one task and applies the update that acknowledges it and makes another server idle (so
 * the pool stays the same size), {@code serverUpdate} applies one server's update. The placer is
 * one subtask that pays both for every task and every update. Run: {@code java -cp
 * target/test-classes:target/classes:$(cat cp.txt) org.openjdk.jmh.Main TaskPlacerBench}.
 */
public class TaskPlacerBench extends PerOperationBench {
    @Param({"20", "2000", "20000"})
    int servers;

    @Param({"2", "32"})
    int routers;

    private TaskPlacer placer;
    private final SplittableRandom random = new SplittableRandom(1);
    private long[] received;
    private String[] ids;
    private long now = 1_700_000_000_000L;

    @Setup
    public void setUp() {
        PolicyConfig config = PolicyConfig.of(PolicyName.HEARTBEAT_K_LIVE).withRouter(0, routers);
        placer =
                new TaskPlacer(
                        routers,
                        TaskPlacer.DEFAULT_EXPIRY_MILLIS,
                        Policies.create(TaskPlacer.asOneRouter(config), new SplittableRandom(2)));
        ids = new String[servers];
        received = new long[servers];
        for (int s = 0; s < servers; s++) {
            ids[s] = "server-" + s;
            placer.onSnapshot(report(s, s % 10 == 0 ? 0 : 1), List.of(), Long.MIN_VALUE, now);
        }
    }

    private ServerSnapshot report(int s, int queue) {
        return new ServerSnapshot(ids[s], now, true, queue, queue > 0, 1 + s % 3, 0, 0, 0)
                .withTasksReceived(received[s]);
    }

    @Benchmark
    public int placeTask() {
        now++;
        String taskId = "task-" + now;
        TaskPlacer.Placement placed = placer.place(taskId, taskId, now);
        int chosen = Integer.parseInt(placed.serverId().substring("server-".length()));
        received[chosen]++;
        placer.onSnapshot(report(chosen, 1), List.of(taskId), Long.MIN_VALUE, now);
        int s = random.nextInt(servers);
        placer.onSnapshot(report(s, 0), List.of(), Long.MIN_VALUE, now);
        return placed.router();
    }

    @Benchmark
    public void serverUpdate() {
        now++;
        int s = random.nextInt(servers);
        received[s]++;
        placer.onSnapshot(report(s, random.nextInt(3)), List.of(), Long.MIN_VALUE, now);
    }
}
