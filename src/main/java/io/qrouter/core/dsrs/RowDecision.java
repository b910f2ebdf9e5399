package io.qrouter.core.dsrs;

/**
 * The outcome of one DSRS step for one service i in one slot t.
 *
 * @param mecSystem index j* of the MEC system that receives all of A_i(t), Eq. (23)
 * @param count A_i(t), the arrivals of the slot
 * @param cost γ_ij*(t)·A_i(t), this service's share of g(t), Eq. (2)
 * @param queuesAfter Q_ij(t+1) for every j after the update of Eq. (4); a fresh array the caller
 *     owns
 */
public record RowDecision(int mecSystem, long count, double cost, double[] queuesAfter) {

    /** Σ_j Q_ij(t+1): this service's backlog after the slot. */
    public double backlogAfter() {
        double sum = 0;
        for (double q : queuesAfter) {
            sum += q;
        }
        return sum;
    }
}
