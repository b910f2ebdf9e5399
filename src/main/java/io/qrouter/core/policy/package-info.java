/**
 * Per-task routing policies over a router's view of the servers, shared unchanged by the simulator
 * (sim/) and the Flink router operator (job/). No Flink or Kafka types.
 *
 * <h2>Using a policy (what a router operator does)</h2>
 *
 * <pre>{@code
 * RoutingPolicy p = Policies.create(
 *         PolicyConfig.of(PolicyName.parse("heartbeat-k-live")).withRouter(subtaskIndex, parallelism),
 *         new SplittableRandom(seed ^ subtaskIndex));
 * p.onSnapshot(snapshot);                           // each server report (broadcast to every router)
 * Optional<Decision> d = p.route(taskKey, nowMillis); // each task; counts the assignment as in flight
 * p.onServerRemoved(serverId);                      // a server left for good
 * }</pre>
 *
 * <h2>Incremental view and indexes</h2>
 *
 * {@link io.qrouter.core.policy.RouterView} holds one entry per server: a report replaces the entry
 * and resets the router's in-flight count for that server; a decision increments it. The K-based
 * and least-load policies keep an indexed binary heap current on every change (O(log N) per report
 * or decision, O(1) to read the minimum).
 *
 * <h2>Several routers</h2>
 *
 * Each router counts only its own in-flight assignments. Each idle server belongs to exactly one
 * router's idle queue: the router that owns the server's next task, drawn from the server's id and
 * its count of tasks received, so each idle period has its own owner ({@link
 * io.qrouter.core.policy.RouterOwnership}; a fixed owner per server when the reports carry no
 * count). When its idle queue is empty a router's K policy takes the lowest K of a few servers
 * drawn at random rather than the global minimum, which all routers would herd onto; an idle server
 * in another router's idle queue ranks there as holding one task, the one its owner is about to
 * send. {@link io.qrouter.core.policy.FallbackRule#WATER_FILLING} instead draws from the water
 * filling ({@link io.qrouter.core.policy.WaterLevel}) of the fallback tasks all routers are
 * expected to send while a decision is unseen ({@link
 * io.qrouter.core.policy.PolicyConfig#stalenessWindowSeconds()}); it measured slightly worse.
 *
 * <p>Both are what routers fed tasks at random can do. In front of the routers a {@link
 * io.qrouter.core.policy.TaskPlacer} decides every task as one router would, over the whole fleet
 * and with every task in flight, and the routers carry its decisions out; a router decides for
 * itself (the lowest K over its whole view, {@link io.qrouter.core.policy.FallbackRule#WHOLE_VIEW})
 * only when its view does not hold the named server alive. In the simulator R routers then wait as
 * one router (docs/results.md).
 *
 * <h2>Checkpointing</h2>
 *
 * A policy's state is a function of the latest snapshot per server (plus in-flight counts, a
 * round-robin cursor and a random generator, all of which may restart). A Flink operator therefore
 * checkpoints only the latest {@link io.qrouter.core.policy.ServerSnapshot} per server (its
 * broadcast state) and, after a restore, replays them into a fresh policy; the in-flight counts
 * restart at 0 and the next report of each server corrects them.
 *
 * <h2>Heartbeats</h2>
 *
 * {@link io.qrouter.core.policy.AdaptiveHeartbeat} is the interval rule (shorter under load, within
 * bounds) and the missed-heartbeat rule that marks a server down.
 */
package io.qrouter.core.policy;
