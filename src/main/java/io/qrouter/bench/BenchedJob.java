package io.qrouter.bench;

/** The Flink job {@code bench pipeline} measures against the bare pipe ({@code --job}). */
public enum BenchedJob implements Labelled {
    /** The production pipeline. */
    QROUTER("qrouter", "job"),
    /** The same inputs, sinks and settings with no logic ({@link FlinkFloorJob}). */
    FLINK_FLOOR("flink-floor", "flink-floor");

    private final String label;
    private final String side;

    BenchedJob(String label, String side) {
        this.label = label;
        this.side = side;
    }

    @Override
    public String label() {
        return label;
    }

    /** Its side's name in the tables ("job" for qrouter's, as the JSON keys say). */
    String side() {
        return side;
    }

    /**
     * The job named {@code label}.
     *
     * @throws IllegalArgumentException naming the option and its values
     */
    public static BenchedJob of(String label) {
        return Labelled.of(values(), "--job", label);
    }
}
