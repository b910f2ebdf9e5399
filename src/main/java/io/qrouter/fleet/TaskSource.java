package io.qrouter.fleet;

import io.qrouter.avro.TaskRequest;
import io.qrouter.io.AvroCodec;
import io.qrouter.io.Topics;
import io.qrouter.sim.ArrivalProcess;
import java.util.Map;
import java.util.SplittableRandom;
import java.util.concurrent.locks.LockSupport;
import org.apache.kafka.clients.producer.Producer;
import org.apache.kafka.clients.producer.ProducerRecord;

/**
 * Produces task requests in real time, at the times the simulator's arrival process draws (in
 * seconds here). Times come from a seeded stream and are kept on schedule (a late thread catches up
 * instead of drifting), so a seed gives the same workload under any policy. A trace that runs out
 * ends production.
 */
final class TaskSource implements Runnable {
    private final FleetConfig config;
    private final FleetClock clock;
    private final Producer<String, byte[]> producer;
    private final Map<String, TaskRecord> ledger;
    private final FleetStats stats;
    private final ArrivalProcess process;
    private final SplittableRandom arrivals;
    private final SplittableRandom work;
    private final AvroCodec<TaskRequest> codec = AvroCodec.of(TaskRequest.class);
    private volatile boolean running = true;

    TaskSource(
            FleetConfig config,
            FleetClock clock,
            Producer<String, byte[]> producer,
            Map<String, TaskRecord> ledger,
            FleetStats stats,
            SplittableRandom workload) {
        this.config = config;
        this.clock = clock;
        this.producer = producer;
        this.ledger = ledger;
        this.stats = stats;
        this.process = config.arrivalProcess();
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
                            exponential(work),
                            exponential(work) * config.meanPatienceSeconds());
            TaskRecord record = new TaskRecord(task, next);
            ledger.put(taskId, record);
            TaskRequest request = FleetRecords.task(taskId, clock.epochMillis(next), process.key());
            record.sentAt = clock.seconds();
            producer.send(
                    new ProducerRecord<>(Topics.TASKS, taskId, codec.encode(request)),
                    (meta, error) -> {
                        if (error != null) {
                            stats.sendFailures.incrementAndGet();
                        } else if (meta.hasTimestamp()) {
                            record.appendedAt = clock.secondsOf(meta.timestamp());
                        }
                    });
            stats.sent.incrementAndGet();
        }
    }

    static double exponential(SplittableRandom random) {
        return -Math.log(1 - random.nextDouble());
    }
}
