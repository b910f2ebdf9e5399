package io.qrouter.bench;

/**
 * What the bare pipe reads ({@code --bare}): the tasks only, the least any router must read, or the
 * whole workload the job reads, so that the ratio counts what Flink and qrouter cost beyond reading
 * the same records.
 */
public enum BareReads implements Labelled {
    /** The tasks topic only (issue 11's physical limit). */
    TASKS("tasks", "bare"),
    /** Tasks, lifecycle events and heartbeats: the events and heartbeats decoded, then dropped. */
    WORKLOAD("workload", "bare/workload");

    private final String label;
    private final String side;

    BareReads(String label, String side) {
        this.label = label;
        this.side = side;
    }

    @Override
    public String label() {
        return label;
    }

    /** The bare side's name in the tables. */
    String side() {
        return side;
    }

    /**
     * The value named {@code label}.
     *
     * @throws IllegalArgumentException naming the option and its values
     */
    public static BareReads of(String label) {
        return Labelled.of(values(), "--bare", label);
    }
}
