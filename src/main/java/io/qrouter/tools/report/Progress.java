package io.qrouter.tools.report;

import java.io.PrintStream;
import java.util.Locale;

/**
 * One self-overwriting progress line on stderr, so long runs show they are alive without flooding a
 * log. Prints nothing when disabled (e.g. in tests or with --json piping).
 */
public final class Progress implements AutoCloseable {
    private static final int WIDTH = 30;
    private final String label;
    private final long total;
    private final PrintStream out;
    private final boolean enabled;
    private long lastPrintNanos;
    private int lastLength;

    public Progress(String label, long total, boolean enabled) {
        this(label, total, enabled, System.err);
    }

    Progress(String label, long total, boolean enabled, PrintStream out) {
        this.label = label;
        this.total = Math.max(1, total);
        this.enabled = enabled;
        this.out = out;
    }

    /** Shows {@code done} of total with an optional note; redraws at most ten times a second. */
    public void update(long done, String note) {
        if (!enabled) {
            return;
        }
        long now = System.nanoTime();
        if (done < total && now - lastPrintNanos < 100_000_000L) {
            return;
        }
        lastPrintNanos = now;
        int filled = (int) Math.min(WIDTH, WIDTH * done / total);
        String line =
                String.format(
                        Locale.ROOT,
                        "%s [%s%s] %3d%% %s",
                        label,
                        "#".repeat(filled),
                        ".".repeat(WIDTH - filled),
                        100 * done / total,
                        note == null ? "" : note);
        out.print("\r" + line + " ".repeat(Math.max(0, lastLength - line.length())));
        out.flush();
        lastLength = line.length();
    }

    /** Replaces the line with a status message (for open-ended work such as the demo). */
    public void status(String text) {
        if (!enabled) {
            return;
        }
        out.print("\r" + text + " ".repeat(Math.max(0, lastLength - text.length())));
        out.flush();
        lastLength = text.length();
    }

    @Override
    public void close() {
        if (enabled && lastLength > 0) {
            out.println();
        }
    }
}
