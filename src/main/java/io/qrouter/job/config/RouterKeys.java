package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.doubleIn;
import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.oneOf;

import io.qrouter.core.policy.PolicyName;

/**
 * The keys of {@link RouterSettings}: the routing policy and its parameters, admission, slow start,
 * the buffer and the in-flight count. Listed in the docs as {@link ConfigKey} orders them.
 */
final class RouterKeys {
    static final KeySpec ROUTER_POLICY =
            new KeySpec(
                    "router.policy",
                    PolicyName.HEARTBEAT_K_LIVE.configName(),
                    oneOf(RouterSettings.policyNames()),
                    "Routing policy: heartbeat-k-live (JIQ first, else lowest live K: seed 000), heartbeat-k (K as of "
                            + "the last heartbeat), jiq, jsq, power-of-d, least-connections, round-robin, random, hash, the "
                            + "model-free peers prequal (YouTube's Prequal), p2c-ewma (Finagle/Linkerd) and least-request "
                            + "(Envoy), or "
                            + GaSettings.GA_BATCH_POLICY
                            + " (windows of tasks assigned by the GA allocator: seed 001).");

    static final KeySpec ROUTER_PARALLELISM =
            new KeySpec(
                    "router.parallelism",
                    "1",
                    longIn(0, 4096),
                    "Router subtasks. Behind the task placer (router.placement=idle-servers, with heartbeat-k "
                            + "or heartbeat-k-live) they carry out the placer's decisions: raise it for more decisions "
                            + "encoded and written per second than one subtask makes. Routers deciding on their own "
                            + "each own part of the idle queue and count only their own tasks in flight. 0 uses "
                            + "job.parallelism.");

    static final KeySpec ROUTER_PLACEMENT =
            new KeySpec(
                    "router.placement",
                    "idle-servers",
                    oneOf("idle-servers", "random"),
                    "With several router subtasks and heartbeat-k or heartbeat-k-live: idle-servers decides each task "
                            + "in one placer subtask, as one router would over the whole fleet with every task in flight, "
                            + "and the routers take turns carrying the decisions out; random hashes tasks to routers by "
                            + "task id, each router deciding on its own, so an idle server waits for its own router's "
                            + "next task.");

    static final KeySpec ROUTER_POWER_OF_D =
            new KeySpec("router.power-of-d", "2", longIn(1, 64), "d of the power-of-d policy.");

    static final KeySpec ROUTER_PREQUAL_POOL_SIZE =
            new KeySpec(
                    "router.prequal.pool-size",
                    "16",
                    longIn(1, 1024),
                    "Prequal: probes kept at most (the paper's 16).");

    static final KeySpec ROUTER_PREQUAL_PROBES_PER_TASK =
            new KeySpec(
                    "router.prequal.probes-per-task",
                    "3",
                    longIn(1, 1024),
                    "Prequal: probes taken per task, at most the pool size (the paper's r_probe, 3).");

    static final KeySpec ROUTER_PREQUAL_Q_RIF =
            new KeySpec(
                    "router.prequal.q-rif",
                    "0.84",
                    doubleIn(0, true, 1, false),
                    "Prequal: a probe whose requests in flight exceed this quantile of the recent probes' is hot (Q_RIF).");

    static final KeySpec ROUTER_PREQUAL_MAX_AGE_MS =
            new KeySpec(
                    "router.prequal.max-age.ms",
                    "1000",
                    longIn(1, 3_600_000),
                    "Prequal: a probe older than this is dropped (the paper's about 1 s).");

    static final KeySpec ROUTER_PREQUAL_MAX_USES =
            new KeySpec(
                    "router.prequal.max-uses",
                    "1",
                    longIn(1, 1000),
                    "Prequal: times one probe may choose a server (its reuse budget).");

    static final KeySpec ROUTER_K_WEIGHTS =
            new KeySpec(
                    "router.k-weights",
                    "equal",
                    ValueRule.loadIndexWeights(),
                    "Weights alpha,sigma,r of L_Wq, W_Qt and W_v in the load index K (Eq. 53); equal = 1/3 each.");

    static final KeySpec ROUTER_K_TIME_UNIT_MS =
            new KeySpec(
                    "router.k-time-unit.ms",
                    RouterSettings.AUTO,
                    ValueRule.orWord(RouterSettings.AUTO, longIn(1, 86_400_000)),
                    "Fleet-wide reference time of the waiting times W_Qt and W_v in K: one unit of wait weighs like one "
                            + "waiting task, so K prefers a faster server holding the same tasks. auto follows the fleet's "
                            + "mean service time (N over the sum of the live servers' mu); a number fixes it in ms.");

    static final KeySpec ROUTER_ADMISSION_MAX_LOSS_PROBABILITY =
            new KeySpec(
                    "router.admission.max-loss-probability",
                    "off",
                    ValueRule.orWord("off", doubleIn(0, true, 1, true)),
                    "Loss-aware admission: a task whose best choice (the live server where it is least likely to be lost) "
                            + "would be abandoned with a predicted probability above this (M/M/1+M: n*alpha_c/(mu+n*alpha_c), "
                            + "n its tasks as the router sees them) gets a REJECTED decision at once, with the probability, "
                            + "instead of being sent to wait; off admits every task.");

    static final KeySpec ROUTER_SLOW_START_MS =
            new KeySpec(
                    "router.slow-start.ms",
                    "0",
                    longIn(0, 3_600_000),
                    "Slow start: a server that joins a running fleet, or comes back after being down, gets a share of the "
                            + "decisions ramping from a tenth to its full share over this window, instead of the burst an "
                            + "empty queue attracts; 0 turns it off.");

    static final KeySpec ROUTER_SEED =
            new KeySpec(
                    "router.seed",
                    "24301",
                    longIn(Long.MIN_VALUE, Long.MAX_VALUE),
                    "Seed of the random choices (random, power-of-d, ties); each router subtask derives its own.");

    static final KeySpec ROUTER_BUFFER_CAPACITY =
            new KeySpec(
                    "router.buffer.capacity",
                    "10000",
                    longIn(0, 10_000_000),
                    "Tasks one router subtask holds while no server is alive; beyond it tasks are dead-lettered at once.");

    static final KeySpec ROUTER_BUFFER_DEADLINE_MS =
            new KeySpec(
                    "router.buffer.deadline.ms",
                    "30000",
                    longIn(1, 86_400_000),
                    "How long a task held for want of a live server (router buffer or GA window) waits, counted from its arrival at the operator, before it is dead-lettered (processing time).");

    static final KeySpec ROUTER_IN_FLIGHT_TIMEOUT_MS =
            new KeySpec(
                    "router.in-flight-timeout.ms",
                    "30000",
                    longIn(100, 3_600_000),
                    "How long a router counts a task it routed as in flight on its server while no update acknowledges "
                            + "the server's ENQUEUED event for it (processing time); then the entry is dropped.");

    static final KeySpec ROUTER_ACK_TIMEOUT_MS =
            new KeySpec(
                    "router.ack-timeout.ms",
                    "2000",
                    longIn(0, 3_600_000),
                    "Black-hole ejection: a server that acknowledged (ENQUEUED) none of the tasks a router sent it, while "
                            + "tasks the router decided this much later came back acknowledged from any server, is ejected by that router, its unacknowledged tasks dead-lettered (or re-decided, see "
                            + "router.redecide-unacknowledged) and the ejection logged on control-log; with exactly-once sinks the checkpoint interval is added (decisions "
                            + "are invisible until committed). After the loop itself stalls (an acknowledgement of a decision older than this, as after a broker or job restart), no server is judged for this long again. 0: off.");

    static final KeySpec ROUTER_ACK_EJECTION_MS =
            new KeySpec(
                    "router.ack-ejection.ms",
                    "30000",
                    longIn(1, 86_400_000),
                    "How long a black hole stays ejected; each further ejection of the same server doubles it (at most "
                            + "16 times).");

    static final KeySpec ROUTER_REDECIDE_UNACKNOWLEDGED =
            new KeySpec(
                    "router.redecide-unacknowledged",
                    "false",
                    oneOf("false", "true"),
                    "When a router ejects a black hole, route each task the hole never acknowledged again (a new decision, "
                            + "its redecidedFrom naming the hole) instead of dead-lettering it. Off by default: a server "
                            + "that was only slow to acknowledge may still run the task, so a re-decided task can run "
                            + "twice; turn it on when tasks are idempotent.");

    private RouterKeys() {}
}
