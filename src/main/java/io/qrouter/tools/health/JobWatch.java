package io.qrouter.tools.health;

import java.time.Duration;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.TimeUnit;
import java.util.function.BooleanSupplier;
import org.apache.flink.api.common.JobExecutionResult;
import org.apache.flink.api.common.JobStatus;
import org.apache.flink.core.execution.JobClient;
import org.apache.flink.runtime.client.JobCancellationException;

/**
 * A submitted job seen from its client: whether it runs, whether it has ended and why. A streaming
 * job is meant to run until it is cancelled, so a command that waits for its decisions must notice
 * at once when it ended instead: {@code qrouter run} then exits non-zero with the root cause, the
 * demo stops with it.
 */
public final class JobWatch {
    private static final long ASK_SECONDS = 10;

    private final JobClient job;

    public JobWatch(JobClient job) {
        this.job = job;
    }

    public JobClient client() {
        return job;
    }

    public JobStatus status() throws Exception {
        return job.getJobStatus().get(ASK_SECONDS, TimeUnit.SECONDS);
    }

    /**
     * Null while the job has not reached a terminal state; else how it ended: {@code FINISHED}, or
     * {@code FAILED} or {@code CANCELED} with the root cause, e.g. {@code FAILED:
     * java.net.ConnectException: …}.
     */
    public String ended() throws Exception {
        CompletableFuture<JobExecutionResult> result = job.getJobExecutionResult();
        if (!result.isDone()) {
            try {
                if (!status().isGloballyTerminalState()) {
                    return null;
                }
            } catch (IllegalStateException clusterGone) {
                // a local cluster shuts down with its job: the result says how the job ended
            }
        }
        try {
            result.get(ASK_SECONDS, TimeUnit.SECONDS);
            return JobStatus.FINISHED.name();
        } catch (ExecutionException e) {
            return (causedBy(e, JobCancellationException.class)
                            ? JobStatus.CANCELED
                            : JobStatus.FAILED)
                    + ": "
                    + rootCause(e);
        }
    }

    /**
     * Waits until the job is RUNNING, {@code stop} turns true, or {@code timeout} passes.
     *
     * @throws IllegalStateException when the job ended first (with why) or the timeout passed
     */
    public void awaitRunning(Duration timeout, BooleanSupplier stop) throws Exception {
        long deadline = System.nanoTime() + timeout.toNanos();
        while (!stop.getAsBoolean()) {
            if (status() == JobStatus.RUNNING) {
                return;
            }
            failIfEnded();
            if (System.nanoTime() > deadline) {
                throw new IllegalStateException(
                        "the Flink job did not reach RUNNING within " + timeout.toSeconds() + " s");
            }
            TimeUnit.MILLISECONDS.sleep(200);
        }
    }

    /**
     * @throws IllegalStateException saying why, when the job has ended
     */
    public void failIfEnded() throws Exception {
        String ended = ended();
        if (ended != null) {
            throw new IllegalStateException("the Flink job stopped: " + ended);
        }
    }

    /** Cancels the job unless it has ended, and waits (bounded) until it has; never throws. */
    public void cancel() {
        try {
            if (!status().isGloballyTerminalState()) {
                job.cancel().get(30, TimeUnit.SECONDS);
            }
            job.getJobExecutionResult().handle((r, e) -> null).get(30, TimeUnit.SECONDS);
        } catch (Exception e) {
            if (e instanceof InterruptedException) {
                Thread.currentThread().interrupt();
            }
        }
    }

    private static boolean causedBy(Throwable e, Class<? extends Throwable> type) {
        for (Throwable t = e; t != null; t = t.getCause() == t ? null : t.getCause()) {
            if (type.isInstance(t)) {
                return true;
            }
        }
        return false;
    }

    private static String rootCause(Throwable e) {
        Throwable root = e;
        while (root.getCause() != null && root.getCause() != root) {
            root = root.getCause();
        }
        return root.toString();
    }
}
