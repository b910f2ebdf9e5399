package io.qrouter.core.policy;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;

/**
 * Where a task goes and why: the rule that fired and the figures the router saw when it decided.
 *
 * @param serverId the chosen server
 * @param rule the rule that fired
 * @param policy the policy that decided
 * @param chosenLoad the chosen server's load as the router saw it before this task: reported queue
 *     length plus this router's in-flight assignments since that report (the current queue for
 *     full-information views)
 * @param chosenK load index K of the chosen server, when the rule used K (empty also when K is
 *     undefined)
 * @param runnerUpServerId the best server not chosen, when the rule compared servers
 * @param runnerUpLoad the runner-up's load, as {@code chosenLoad}
 * @param runnerUpK the runner-up's K, when the rule used K
 * @param snapshotAgeMillis age of the chosen server's latest report at decision time
 * @param idleQueueLength idle servers left in this router's idle queue after the decision (0
 *     without one)
 */
public record Decision(
        String serverId,
        Rule rule,
        PolicyName policy,
        int chosenLoad,
        OptionalDouble chosenK,
        Optional<String> runnerUpServerId,
        OptionalInt runnerUpLoad,
        OptionalDouble runnerUpK,
        long snapshotAgeMillis,
        int idleQueueLength) {}
