package io.qrouter.core.policy;

import io.qrouter.core.queueing.ErlangA;

/**
 * Loss-aware admission: a task that would most likely be lost is refused at once instead of being
 * sent to wait and give up. From each server's M/M/1+M model (a task that arrives to find n tasks
 * present is served with probability μ/(μ + nα_c): {@link ErlangA#conditionalServedProbability}),
 * the task's best choice is the server where it is least likely to be lost, with n the server's
 * load as the router sees it (reported queue plus in flight). When even that probability exceeds
 * {@code maxLossProbability}, the task is rejected.
 *
 * <p>Decision: the check runs before the policy and over every live server, so it needs no undo of
 * a policy's in-flight count and does not depend on which policy runs; with a policy that already
 * prefers short, fast queues (heartbeat-k-live, jsq) the server chosen is the best choice or close
 * to it. A server whose α_c is not yet estimated (0) predicts no loss, so admission never rejects
 * before the estimators have data.
 */
public final class LossAdmission {
    private final double maxLossProbability;

    /**
     * @param maxLossProbability p in (0, 1)
     */
    public LossAdmission(double maxLossProbability) {
        if (!(maxLossProbability > 0 && maxLossProbability < 1)) {
            throw new IllegalArgumentException(
                    "the maximum loss probability must be in (0, 1) (got "
                            + maxLossProbability
                            + ")");
        }
        this.maxLossProbability = maxLossProbability;
    }

    public double maxLossProbability() {
        return maxLossProbability;
    }

    /**
     * The lowest predicted probability that a task sent now is abandoned, over the live servers;
     * NaN when none.
     */
    public double bestLossProbability(RouterView view) {
        double best = Double.NaN;
        for (int i = 0; i < view.aliveCount(); i++) {
            int slot = view.aliveSlot(i);
            double mu = view.snapshot(slot).effectiveMu();
            if (!(mu > 0)) {
                continue;
            }
            ServerSnapshot s = view.snapshot(slot);
            double loss =
                    1
                            - ErlangA.conditionalServedProbability(
                                    view.load(slot), s.slots(), mu, s.alphaC());
            if (!(loss >= best)) {
                best = loss;
                if (best == 0) {
                    break;
                }
            }
        }
        return best;
    }

    /**
     * True when a task's best choice, of predicted loss probability {@code bestLoss}, may take it
     * (NaN: no server).
     */
    public boolean admits(double bestLoss) {
        return !(bestLoss > maxLossProbability);
    }
}
