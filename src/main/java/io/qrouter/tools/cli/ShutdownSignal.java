package io.qrouter.tools.cli;

import java.time.Duration;
import java.util.concurrent.CountDownLatch;
import java.util.concurrent.TimeUnit;

/**
 * Ctrl-C for long-running commands: the JVM's shutdown hook only signals the command's own thread
 * and then waits (up to a bound) until the command has stopped what it started and written its
 * report.
 */
final class ShutdownSignal implements AutoCloseable {
    private static final long MAX_CLEANUP_SECONDS = 90;

    private final CountDownLatch requested = new CountDownLatch(1);
    private final CountDownLatch finished = new CountDownLatch(1);
    private final Thread hook = new Thread(this::onShutdown, "qrouter-shutdown");
    private boolean hookInstalled;

    ShutdownSignal() {
        Runtime.getRuntime().addShutdownHook(hook);
        hookInstalled = true;
    }

    /**
     * Sleeps for {@code duration} or until Ctrl-C, whichever comes first; true when Ctrl-C ended
     * it.
     */
    boolean sleep(Duration duration) throws InterruptedException {
        return requested.await(duration.toNanos(), TimeUnit.NANOSECONDS);
    }

    boolean requested() {
        return requested.getCount() == 0;
    }

    /** The command has cleaned up: the hook may let the JVM exit. */
    @Override
    public void close() {
        finished.countDown();
        if (hookInstalled && !requested()) {
            try {
                Runtime.getRuntime().removeShutdownHook(hook);
            } catch (IllegalStateException e) {
                // the JVM is already shutting down: the hook runs and returns at once
            }
        }
        hookInstalled = false;
    }

    private void onShutdown() {
        requested.countDown();
        try {
            finished.await(MAX_CLEANUP_SECONDS, TimeUnit.SECONDS);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }
}
