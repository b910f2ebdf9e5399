package io.qrouter.tools.demo;

import java.util.Arrays;
import java.util.stream.Collectors;

/** A fault {@code demo --chaos} injects, by the name a schedule uses. */
public enum Fault {
    /**
     * One of the MiniCluster's TaskManagers terminated (its tasks fail, the job restarts); a new
     * one started.
     */
    KILL_TASKMANAGER("kill-taskmanager"),
    /**
     * The Kafka broker shut down and started again after the broker downtime, same port and log
     * directories.
     */
    RESTART_BROKER("restart-broker"),
    /** Records the job must refuse written to its inputs: garbage, absurd values, oversized ids. */
    POISON("poison");

    private final String label;

    Fault(String label) {
        this.label = label;
    }

    public String label() {
        return label;
    }

    /**
     * @throws IllegalArgumentException naming the valid faults
     */
    static Fault parse(String label) {
        return Arrays.stream(values())
                .filter(f -> f.label.equals(label))
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        "--chaos-schedule: unknown fault \""
                                                + label
                                                + "\" (valid: "
                                                + Arrays.stream(values())
                                                        .map(Fault::label)
                                                        .collect(Collectors.joining(", "))
                                                + ")"));
    }
}
