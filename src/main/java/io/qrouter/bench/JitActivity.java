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

    private long compileMillis() {
        return compiler != null && compiler.isCompilationTimeMonitoringSupported()
                ? compiler.getTotalCompilationTime()
                : 0;
    }
}
