package io.qrouter.tools.fleet;

import io.qrouter.tools.sim.ArrivalProcess;
import io.qrouter.tools.sim.Distribution;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;

/**
 * Produces task requests in real time, at the times the simulator's arrival process draws (in
 * seconds here). Times come from a seeded stream and are kept on schedule (a late thread catches up
 * instead of drifting), so a seed gives the same workload under any policy. A trace that runs out
 * ends production. Each task's work is drawn from the servers' service requirement ({@link
 * ServerModel#service}), its patience from an exponential of the configured mean.
 */
final class TaskSource implements Runnable {
    private final FleetConfig config;
    private final FleetClock clock;
    private final FleetOutput output;
    private final Map<String, TaskRecord> ledger;
    private final ArrivalProcess process;
    private final Distribution serviceTimes;
    private final SplittableRandom arrivals;
    private final SplittableRandom work;
    private volatile boolean running = true;

    TaskSource(
            FleetConfig config,
            FleetClock clock,
            FleetOutput output,
            Map<String, TaskRecord> ledger,
            SplittableRandom workload) {
        this.config = config;
        this.clock = clock;
        this.output = output;
        this.ledger = ledger;
        this.process = config.arrivalProcess();
        this.serviceTimes = config.serverModel().serviceTimes();
        this.arrivals = workload.split();
        this.work = workload.split();
    }

    void stop() {
        running = false;
    }

    @Override
    public void run() {
        double next = clock.seconds();
        long n = 0;
        while (running) {
            next = process.next(next, arrivals);
            if (next == Double.POSITIVE_INFINITY) {
                return;
            }
            long waitNanos = (long) ((next - clock.seconds()) * 1e9);
            if (waitNanos > 0) {
                LockSupport.parkNanos(waitNanos);
            }
            if (!running) {
                return;
            }
            String taskId = config.runId() + "-" + (++n);
            FleetTask task =
                    new FleetTask(
                            taskId,
                            serviceTimes.sample(work),
                            exponential(work) * config.meanPatienceSeconds());
            TaskRecord record = new TaskRecord(task, next);
            ledger.put(taskId, record);
            output.task(record, process.key());
        }
    }

    static double exponential(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble());
    }
}
