package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.oneOf;

/**
 * The keys of {@link ServerStateSettings}: the per-server queue model, estimators, updates, the
 * failure detector and the adaptive heartbeat. Listed in the docs as {@link ConfigKey} orders them.
 */
final class ServerStateKeys {
    static final KeySpec SERVER_QUEUE_MODEL =
            new KeySpec(
                    "server.queue-model",
                    "reneging",
                    oneOf("reneging", "chain-p"),
                    "Queue model behind each server's metrics and K: reneging (M/M/1+M) or chain-p (cancel and "
                            + "recover, seed 000 corrected).");

    static final KeySpec SERVER_ESTIMATOR_WINDOW_MS =
            new KeySpec(
                    "server.estimator-window.ms",
                    "60000",
                    longIn(1, 86_400_000),
                    "Event-time window of the estimators of lambda, mu, alpha_c and eta.");

    static final KeySpec SERVER_ESTIMATOR_BUCKETS =
            new KeySpec(
                    "server.estimator-buckets",
                    "60",
                    longIn(1, 10_000),
                    "The estimator window slides in this many steps (at most: the largest divisor of the window length).");

    static final KeySpec SERVER_ESTIMATOR_MIN_EVENTS =
            new KeySpec(
                    "server.estimator-min-events",
                    "20",
                    longIn(1, 1_000_000),
                    "Events an estimate needs in the window before it is reported (null until then).");

    static final KeySpec SERVER_UPDATE_COALESCE_MS =
            new KeySpec(
                    "server.update-coalesce.ms",
                    "0",
                    longIn(0, 60_000),
                    "Queue changes (lifecycle events) of one server within this window reach the routers as one update; "
                            + "0 sends each at once. A server that becomes idle is reported at once either way.");

    static final KeySpec SERVER_METRICS_REFRESH_MS =
            new KeySpec(
                    "server.metrics-refresh.ms",
                    "30000",
                    longIn(0, 86_400_000),
                    "A server's server-metrics record is written on a heartbeat that changes what it shows (status, queue, "
                            + "estimates, figures, recommended or reported interval), on an administrative change, and "
                            + "at least this often while the server beats (event time); 0 writes one on every heartbeat.");

    static final KeySpec SERVER_DOWN_TIMEOUT_MS =
            new KeySpec(
                    "server.down-timeout.ms",
                    "5000",
                    longIn(1, 86_400_000),
                    "A server silent this long (processing time) is marked down and gets no tasks until it reports again.");

    static final KeySpec SERVER_FORGET_AFTER_MS =
            new KeySpec(
                    "server.forget-down-after.ms",
                    "600000",
                    longIn(1, 30L * 86_400_000),
                    "A down server's state is dropped after this long, and the routers forget it.");

    static final KeySpec HEARTBEAT_MIN_INTERVAL_MS =
            new KeySpec(
                    "heartbeat.min-interval.ms",
                    "250",
                    longIn(1, 3_600_000),
                    "Adaptive heartbeat: the interval recommended to a fully loaded server.");

    static final KeySpec HEARTBEAT_MAX_INTERVAL_MS =
            new KeySpec(
                    "heartbeat.max-interval.ms",
                    "2000",
                    longIn(1, 3_600_000),
                    "Adaptive heartbeat: the interval recommended to an idle server; at least heartbeat.min-interval.ms.");

    private ServerStateKeys() {}
}
