package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.doubleIn;
import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.oneOf;

/**
 * The keys of {@link ControlSettings}: signed control commands and outlier ejection. Listed in the
 * docs as {@link ConfigKey} orders them.
 */
final class ControlKeys {
    static final KeySpec CONTROL_HMAC_SECRET =
            new KeySpec(
                    "control.hmac-secret",
                    "",
                    ValueRule.emptyOrAtLeastBytes(16),
                    "Shared secret of the control commands' HMAC-SHA256 signatures; empty refuses every command. Never "
                            + "logged or printed (masked).");

    static final KeySpec OUTLIER_ENABLED =
            new KeySpec(
                    "outlier.enabled",
                    "false",
                    oneOf("false", "true"),
                    "Outlier ejection: servers that fail tasks far more than the fleet get no tasks for a while (see the "
                            + "outlier.* keys and README, Operating qrouter).");

    static final KeySpec OUTLIER_CONSECUTIVE_FAILURES =
            new KeySpec(
                    "outlier.consecutive-failures",
                    "5",
                    longIn(1, 1_000_000),
                    "A server whose last this many finished tasks all FAILED is ejected.");

    static final KeySpec OUTLIER_SUCCESS_RATE_STDEV_FACTOR =
            new KeySpec(
                    "outlier.success-rate-stdev-factor",
                    "1.9",
                    doubleIn(0, true, 100, false),
                    "A server whose success rate over an interval is more than this many standard deviations below the "
                            + "fleet's mean is ejected.");

    static final KeySpec OUTLIER_SUCCESS_RATE_MINIMUM_REQUESTS =
            new KeySpec(
                    "outlier.success-rate-minimum-requests",
                    "100",
                    longIn(1, 1_000_000_000),
                    "Finished tasks a server needs in an interval to count in the success-rate detector.");

    static final KeySpec OUTLIER_SUCCESS_RATE_MINIMUM_SERVERS =
            new KeySpec(
                    "outlier.success-rate-minimum-servers",
                    "5",
                    longIn(2, 1_000_000),
                    "Servers with enough finished tasks the success-rate detector needs to run.");

    static final KeySpec OUTLIER_INTERVAL_MS =
            new KeySpec(
                    "outlier.interval.ms",
                    "10000",
                    longIn(1, 86_400_000),
                    "Interval of the success-rate detector (processing time).");

    static final KeySpec OUTLIER_BASE_EJECTION_MS =
            new KeySpec(
                    "outlier.base-ejection.ms",
                    "30000",
                    longIn(1, 86_400_000),
                    "An ejection lasts this long times the number of times the server has been ejected.");

    static final KeySpec OUTLIER_MAX_EJECTION_SHARE =
            new KeySpec(
                    "outlier.max-ejection-share",
                    "0.1",
                    doubleIn(0, 1),
                    "Never more than this share of the live servers is ejected at once.");

    static final KeySpec OUTLIER_PANIC_THRESHOLD =
            new KeySpec(
                    "outlier.panic-threshold",
                    "0.5",
                    doubleIn(0, 1),
                    "Panic mode: when fewer than this share of the live servers are healthy (not ejected), the routers "
                            + "route over every live server, ejected or not, and server-metrics say so.");

    static final KeySpec CONTROL_MAX_AGE_MS =
            new KeySpec(
                    "control.max-age.ms",
                    "60000",
                    longIn(1_000, 86_400_000),
                    "A control command issued longer ago than this (or this far in the future) is refused as a replay; so "
                            + "is a command id seen within it.");

    private ControlKeys() {}
}
