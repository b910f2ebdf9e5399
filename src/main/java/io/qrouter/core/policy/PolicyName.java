package io.qrouter.core.policy;

import java.util.Arrays;
import java.util.stream.Collectors;

/** The routing policies by the names used on the command line and in configuration. */
public enum PolicyName {
    RANDOM("random"),
    ROUND_ROBIN("round-robin"),
    LEAST_CONNECTIONS("least-connections"),
    HASH("hash"),
    JSQ("jsq"),
    POWER_OF_D("power-of-d"),
    JIQ("jiq"),
    HEARTBEAT_K("heartbeat-k"),
    HEARTBEAT_K_LIVE("heartbeat-k-live"),
    PREQUAL("prequal"),
    P2C_EWMA("p2c-ewma"),
    LEAST_REQUEST("least-request");

    private final String configName;

    PolicyName(String configName) {
        this.configName = configName;
    }

    public String configName() {
        return configName;
    }

    /** Whether the policy reads the servers' estimates (μ, α_c, latency), not only their queues. */
    public boolean readsEstimates() {
        return this == HEARTBEAT_K
                || this == HEARTBEAT_K_LIVE
                || this == PREQUAL
                || this == P2C_EWMA;
    }

    /**
     * Parses a configuration name such as {@code heartbeat-k-live}; the message lists the valid
     * names.
     */
    public static PolicyName parse(String name) {
        for (PolicyName p : values()) {
            if (p.configName.equals(name)) {
                return p;
            }
        }
        throw new IllegalArgumentException(
                "unknown policy \"" + name + "\"; valid: " + validNames());
    }

    public static String validNames() {
        return Arrays.stream(values())
                .map(PolicyName::configName)
                .collect(Collectors.joining(", "));
    }

    @Override
    public String toString() {
        return configName;
    }
}
