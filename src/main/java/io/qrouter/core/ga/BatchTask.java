package io.qrouter.core.ga;

/**
 * A task of the batch window: its id and its load value (work, in the unit servers' MIPS are given
 * in).
 */
public record BatchTask(String id, double load) {
    public BatchTask {
        if (!(load >= 0) || Double.isInfinite(load)) {
            throw new IllegalArgumentException(
                    "load of task " + id + " must be finite and ≥ 0 (got " + load + ")");
        }
    }
}
