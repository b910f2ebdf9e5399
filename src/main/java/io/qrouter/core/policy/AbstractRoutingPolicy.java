package io.qrouter.core.policy;

import java.util.Optional;
import java.util.OptionalDouble;
import java.util.OptionalInt;
import java.util.random.RandomGenerator;

/**
 * What every policy shares: the view, the no-server case, counting the assignment, and building the
 * decision.
 */
abstract class AbstractRoutingPolicy implements RoutingPolicy {
    protected final RouterView view = new RouterView();
    protected final PolicyConfig config;
    protected final RandomGenerator random;

    /** The time of the decision being made (set before {@link #choose}). */
    protected long nowMillis;

    AbstractRoutingPolicy(PolicyConfig config, RandomGenerator random) {
        this.config = config;
        this.random = random;
    }

    /** Picks among the alive servers; called only when at least one is alive. */
    abstract Choice choose(String taskKey);

    /** Picks for a task the {@link TaskPlacer} decided; policies it does not apply to ignore it. */
    Choice choosePlaced(String taskKey, TaskPlacer.Placement placed) {
        return choose(taskKey);
    }

    /** Idle servers left in this router's idle queue (0 for policies without one). */
    int idleQueueLength() {
        return 0;
    }

    @Override
    public PolicyName name() {
        return config.name();
    }

    @Override
    public boolean readsCurrentQueues() {
        return false;
    }

    @Override
    public final void onSnapshot(ServerSnapshot snapshot) {
        view.update(snapshot);
    }

    @Override
    public final void onServerRemoved(String serverId) {
        view.remove(serverId);
    }

    @Override
    public final Optional<Decision> route(
            String taskKey, long nowMillis, TaskPlacer.Placement placed) {
        if (view.aliveCount() == 0) {
            return Optional.empty();
        }
        this.nowMillis = nowMillis;
        Choice c = placed.named() ? choosePlaced(taskKey, placed) : choose(taskKey);
        int slot = c.slot();
        ServerSnapshot chosen = view.snapshot(slot);
        int chosenLoad = view.load(slot);
        int r = c.runnerUp();
        view.recordAssignment(slot);
        return Optional.of(
                new Decision(
                        chosen.serverId(),
                        c.rule(),
                        config.name(),
                        chosenLoad,
                        finite(c.chosenK()),
                        r < 0 ? Optional.empty() : Optional.of(view.serverId(r)),
                        r < 0 ? OptionalInt.empty() : OptionalInt.of(view.load(r)),
                        finite(c.runnerUpK()),
                        Math.max(0, nowMillis - chosen.sentAtMillis()),
                        idleQueueLength()));
    }

    @Override
    public final RouterView view() {
        return view;
    }

    /** A uniformly random alive server. */
    final int randomAlive() {
        return view.aliveSlot(random.nextInt(view.aliveCount()));
    }

    private static OptionalDouble finite(double k) {
        return Double.isFinite(k) ? OptionalDouble.of(k) : OptionalDouble.empty();
    }
}
