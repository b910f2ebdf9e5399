package io.qrouter.bench;

/**
 * What the bare pipe reads ({@code --bare}): the tasks only, the least any router must read, or the
 * whole workload the job reads, so that the ratio counts what Flink and qrouter cost beyond reading
 * the same records.
 */
public enum BareReads implements Labelled {
    /** The tasks topic only (issue 11's physical limit). */
    TASKS("tasks"),
    /** Tasks, lifecycle events and heartbeats: the events and heartbeats decoded, then dropped. */
    WORKLOAD("workload");

    private final String label;

    BareReads(String label) {
        this.label = label;
    }

    @Override
    public String label() {
        return label;
    }

    /** The bare side's name in the tables: "bare", as the JSON keys say, or "bare/workload". */
    String side() {
        return this == TASKS ? "bare" : "bare/" + label;
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
