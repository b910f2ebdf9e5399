package io.qrouter.bench;

import io.qrouter.tools.fleet.VirtualFleet;
import java.util.concurrent.locks.LockSupport;

/**
 * Plays a {@link VirtualFleet} in real time on its own thread: every record is produced when its
 * virtual time comes (virtual time 0 = when the fleet was handed over), so tasks arrive at the
 * fleet's rate with their lifecycle events and every server's heartbeats. A new fleet can be handed
 * over while playing (the next rate of a sweep).
 */
final class LivePlayer implements AutoCloseable {
    private static final long IDLE_PARK_NANOS = 200_000;

    private final WorkloadProducer producer;
    private final Thread thread;
    private volatile VirtualFleet fleet;
    private volatile long fleetStartNanos;
    private volatile boolean running = true;
    private volatile Throwable failure;

    LivePlayer(WorkloadProducer producer) {
        this.producer = producer;
        this.thread = new Thread(this::loop, ThreadCpu.BENCH_MARK + "player");
        thread.setDaemon(true);
        thread.start();
    }

    /** Plays {@code next} from now on (and nothing more of the fleet before it). */
    synchronized void play(VirtualFleet next) {
        failIfFailed();
        fleetStartNanos = System.nanoTime();
        fleet = next;
    }

    /**
     * Stops the current fleet's task arrivals; its servers go on serving, reporting and
     * heartbeating.
     */
    synchronized void stopTasks() {
        if (fleet != null) {
            fleet.taskArrivals(false);
        }
    }

    private void loop() {
        try {
            while (running) {
                synchronized (this) {
                    if (fleet != null) {
                        fleet.emitUntil((System.nanoTime() - fleetStartNanos) / 1e9, producer);
                    }
                }
                LockSupport.parkNanos(IDLE_PARK_NANOS);
            }
        } catch (Throwable e) {
            failure = e;
        }
    }

    void failIfFailed() {
        if (failure != null) {
            throw new IllegalStateException("workload player failed: " + failure, failure);
        }
    }

    /** Stops playing; the producer is the caller's to close. */
    @Override
    public void close() {
        running = false;
        try {
            thread.join(10_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
