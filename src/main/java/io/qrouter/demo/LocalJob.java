package io.qrouter.demo;

import java.time.Duration;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;

/**
 * A job submitted to a local MiniCluster (the demo's, the pipeline benchmark's), watched until it is cancelled: a
 * job that ends on its own is reported with its root cause instead of leaving the caller waiting for output.
 */
public final class LocalJob implements AutoCloseable {
    private final JobClient client;

    public LocalJob(JobClient client) {
        this.client = client;
    }

    /** Waits until the job runs; returns early if {@code stopRequested} turns true. */
    public void awaitRunning(Duration timeout, BooleanSupplier stopRequested) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (System.nanoTime() < deadline && !stopRequested.getAsBoolean()) {
            JobStatus status = client.getJobStatus().get(10, TimeUnit.SECONDS);
            if (status == JobStatus.RUNNING) {
                return;
            }
            if (status.isGloballyTerminalState()) {
                failIfEnded();
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
        if (!stopRequested.getAsBoolean()) {
            throw new IllegalStateException("the Flink job did not reach RUNNING within " + timeout.toSeconds() + " s");
        }
    }

    /** The job must run until it is cancelled; if it ended, say why. */
    public void failIfEnded() throws Exception {
        JobStatus status;
        try {
            status = client.getJobStatus().get(10, TimeUnit.SECONDS);
        } catch (Exception e) {
            // a local executor shuts its MiniCluster down as soon as the job has ended: ask the result why
            status = null;
        }
        if (status == null || status.isGloballyTerminalState()) {
            String cause;
            try {
                client.getJobExecutionResult().get(10, TimeUnit.SECONDS);
                cause = "it finished";
            } catch (Exception e) {
                Throwable root = e;
                while (root.getCause() != null) {
                    root = root.getCause();
                }
                cause = root.toString();
            }
            throw new IllegalStateException("the Flink job stopped (" + (status == null ? "ended" : status) + "): "
                    + cause);
        }
    }

    /** Cancels the job and waits until its MiniCluster has shut down; never throws. */
    @Override
    public void close() {
        try {
            if (!client.getJobStatus().get(10, TimeUnit.SECONDS).isGloballyTerminalState()) {
                client.cancel().get(30, TimeUnit.SECONDS);
            }
            // the local executor shuts its MiniCluster down once the job has ended
            client.getJobExecutionResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }
}
