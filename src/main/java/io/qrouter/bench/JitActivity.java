package io.qrouter.bench;

import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;
import java.time.Duration;

/**
 * Whether the JIT compilers of this JVM are still busy: the time they spent compiling, looked at
 * once per {@link #WINDOW}, has grown by less than {@link #QUIET_SHARE} of the window since the
 * last look. (Without the compilation-time counter, the JIT is taken as quiet.)
 */
final class JitActivity {
    static final Duration WINDOW = Duration.ofSeconds(5);

    /** Compiling for at most 2 % of the window's wall time, i.e. 100 ms in 5 s. */
    static final double QUIET_SHARE = 0.02;

    private final CompilationMXBean compiler = ManagementFactory.getCompilationMXBean();
    private long lastCompileMillis = compileMillis();
    private long lastLookNanos = System.nanoTime();

    /** True when compiling took under {@link #QUIET_SHARE} of the time since the last look. */
    boolean quietSinceLastLook() {
        long now = System.nanoTime();
        long compiled = compileMillis();
        double share = (compiled - lastCompileMillis) / ((now - lastLookNanos) / 1e6);
        lastCompileMillis = compiled;
        lastLookNanos = now;
        return share < QUIET_SHARE;
    }

    /** One step of a warm-up: its number (from 1) and the time left before the limit. */
    @FunctionalInterface
    interface Step {
        void run(int step, Duration left) throws Exception;
    }

    /**
     * @param steps steps run
     * @param quiet whether the JIT was quiet after the last one (else the limit ended it)
     */
    record WarmUp(int steps, boolean quiet) {}

    /**
     * Runs {@code step} again and again until the JIT was quiet during one (a step shorter than
     * {@link #WINDOW} is judged on its own span) or {@code limit} has passed.
     */
    static WarmUp untilQuiet(Duration limit, Step step) throws Exception {
        long end = System.nanoTime() + limit.toNanos();
        JitActivity jit = new JitActivity();
        int steps = 0;
        boolean quiet = false;
        while (!quiet && System.nanoTime() < end) {
            step.run(++steps, Duration.ofNanos(end - System.nanoTime()));
            quiet = jit.quietSinceLastLook();
        }
        return new WarmUp(steps, quiet);
    }

    private long compileMillis() {
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime()
                : 0;
    }
}
