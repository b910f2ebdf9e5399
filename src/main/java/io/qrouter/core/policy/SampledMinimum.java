package io.qrouter.core.policy;

import java.util.function.IntToDoubleFunction;

/**
 * The lowest-cost server of a sample and the runner-up; ties go to the one sampled first, itself
 * random.
 */
record SampledMinimum(int best, int runnerUp) {

    static SampledMinimum of(DistinctSample sample, IntToDoubleFunction cost) {
        int best = -1;
        int second = -1;
        double bestCost = Double.POSITIVE_INFINITY;
        double secondCost = Double.POSITIVE_INFINITY;
        for (int i = 0; i < sample.size(); i++) {
            int slot = sample.slot(i);
            double c = cost.applyAsDouble(slot);
            if (best < 0 || c < bestCost) {
                second = best;
                secondCost = bestCost;
                best = slot;
                bestCost = c;
            } else if (second < 0 || c < secondCost) {
                second = slot;
                secondCost = c;
            }
        }
        return new SampledMinimum(best, second);
    }

    Choice choice(Rule rule) {
        return Choice.compared(best, rule, runnerUp);
    }
}
