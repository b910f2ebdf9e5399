package io.qrouter.job;

import io.qrouter.control.CommandSignature;
import io.qrouter.control.ControlState;
import java.io.Serializable;

/**
 * What the control operator needs from configuration: the HMAC secret (never printed: {@link #toString} hides it),
 * the replay window, and the routing settings as configured (the state before any command). Shipped with the job
 * graph, never kept in Flink state.
 */
public final class ControlSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String hmacSecret;
    private final long maxAgeMillis;
    private final RoutingSettings routing;
    private final boolean perTaskRouting;

    /**
     * @param hmacSecret empty: commands are refused, none can be authenticated
     * @param perTaskRouting false when the job routes in GA batches (fleet-wide routing commands are then refused)
     */
    public ControlSettings(String hmacSecret, long maxAgeMillis, RoutingSettings routing, boolean perTaskRouting) {
        if (maxAgeMillis <= 0) {
            throw new IllegalArgumentException("maxAgeMillis must be > 0 (got " + maxAgeMillis + ")");
        }
        this.hmacSecret = hmacSecret == null ? "" : hmacSecret;
        if (!this.hmacSecret.isEmpty()) {
            new CommandSignature(this.hmacSecret); // fails now, with the reason, if the secret is too short
        }
        this.maxAgeMillis = maxAgeMillis;
        this.routing = routing.validate();
        this.perTaskRouting = perTaskRouting;
    }

    /** From the job configuration. */
    public static ControlSettings from(JobConfig config) {
        return new ControlSettings(config.get(ConfigKey.CONTROL_HMAC_SECRET), config.getLong(ConfigKey.CONTROL_MAX_AGE_MS),
                OperatorSettings.routing(config), !OperatorSettings.gaBatch(config));
    }

    /** The verifier, or null when no secret is configured. */
    CommandSignature signature() {
        return hmacSecret.isEmpty() ? null : new CommandSignature(hmacSecret);
    }

    long maxAgeMillis() {
        return maxAgeMillis;
    }

    boolean perTaskRouting() {
        return perTaskRouting;
    }

    /** The state before any command: the configured routing settings, every server active. */
    ControlState initialState() {
        return ControlState.initial(routing.policyConfig(0, 1));
    }

    @Override
    public String toString() {
        return "ControlSettings{secret " + (hmacSecret.isEmpty() ? "not set" : "set (hidden)") + ", maxAgeMillis "
                + maxAgeMillis + ", perTaskRouting " + perTaskRouting + "}";
    }
}
