package io.qrouter.job.config;

import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.control.OutlierSettings;
import java.io.Serializable;

/**
 * What the control operator needs from configuration: the HMAC secret (never printed: {@link
 * #toString} hides it), the replay window, and the routing settings as configured (the state before
 * any command). Shipped with the job graph, never kept in Flink state.
 */
public final class ControlSettings implements Serializable {
    private static final long serialVersionUID = 1L;

    private final String hmacSecret;
    private final long maxAgeMillis;
    private final RouterSettings routing;
    private final boolean perTaskRouting;
    private final OutlierSettings outliers;

    /**
     * @param hmacSecret empty: commands are refused, none can be authenticated
     * @param perTaskRouting false when the job routes in GA batches (fleet-wide routing commands
     *     are then refused)
     */
    public ControlSettings(
            String hmacSecret, long maxAgeMillis, RouterSettings routing, boolean perTaskRouting) {
        this(hmacSecret, maxAgeMillis, routing, perTaskRouting, OutlierSettings.off());
    }

    /**
     * @param outliers outlier detection and ejection
     */
    public ControlSettings(
            String hmacSecret,
            long maxAgeMillis,
            RouterSettings routing,
            boolean perTaskRouting,
            OutlierSettings outliers) {
        if (maxAgeMillis <= 0) {
            throw new IllegalArgumentException(
                    "maxAgeMillis must be > 0 (got " + maxAgeMillis + ")");
        }
        this.hmacSecret = hmacSecret == null ? "" : hmacSecret;
        if (!this.hmacSecret.isEmpty()) {
            new CommandSignature(
                    this.hmacSecret); // fails now, with the reason, if the secret is too short
        }
        this.maxAgeMillis = maxAgeMillis;
        this.routing = routing;
        this.perTaskRouting = perTaskRouting;
        this.outliers = outliers;
    }

    /** From the job configuration. */
    public static ControlSettings from(JobConfig config) {
        return new ControlSettings(
                config.get(ConfigKey.CONTROL_HMAC_SECRET),
                config.getLong(ConfigKey.CONTROL_MAX_AGE_MS),
                RouterSettings.from(config),
                !GaSettings.routesInBatches(config),
                outliers(config));
    }

    /** Outlier detection from the {@code outlier.*} keys. */
    public static OutlierSettings outliers(JobConfig config) {
        return new OutlierSettings(
                Boolean.parseBoolean(config.choice(ConfigKey.OUTLIER_ENABLED)),
                config.getInt(ConfigKey.OUTLIER_CONSECUTIVE_FAILURES),
                config.getDouble(ConfigKey.OUTLIER_SUCCESS_RATE_STDEV_FACTOR),
                config.getInt(ConfigKey.OUTLIER_SUCCESS_RATE_MINIMUM_REQUESTS),
                config.getInt(ConfigKey.OUTLIER_SUCCESS_RATE_MINIMUM_SERVERS),
                config.getLong(ConfigKey.OUTLIER_INTERVAL_MS),
                config.getLong(ConfigKey.OUTLIER_BASE_EJECTION_MS),
                config.getDouble(ConfigKey.OUTLIER_MAX_EJECTION_SHARE),
                config.getDouble(ConfigKey.OUTLIER_PANIC_THRESHOLD));
    }

    public OutlierSettings outliers() {
        return outliers;
    }

    /** The verifier, or null when no secret is configured. */
    public CommandSignature signature() {
        return hmacSecret.isEmpty() ? null : new CommandSignature(hmacSecret);
    }

    public long maxAgeMillis() {
        return maxAgeMillis;
    }

    public boolean perTaskRouting() {
        return perTaskRouting;
    }

    /** The state before any command: the configured routing settings, every server active. */
    public ControlState initialState() {
        return ControlState.initial(routing.policyConfig(0, 1));
    }

    @Override
    public String toString() {
        return "ControlSettings{secret "
                + (hmacSecret.isEmpty() ? "not set" : "set (hidden)")
                + ", maxAgeMillis "
                + maxAgeMillis
                + ", perTaskRouting "
                + perTaskRouting
                + ", "
                + outliers
                + "}";
    }
}
