package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Power-of-d choices (the supermarket model of Mitzenmacher and Vvedenskaya et al.): sample d
 * distinct alive servers uniformly and join the one with the fewest tasks (ties go to the first
 * sampled, itself random). A full-information reference: it probes current queues, so the simulator
 * reports every queue change to it.
 */
final class PowerOfDPolicy extends AbstractRoutingPolicy {
    private final int[] sample;

    PowerOfDPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.sample = new int[config.choices()];
    }

    @Override
    public boolean readsCurrentQueues() {
        return true;
    }

    @Override
    Choice choose(String taskKey) {
        int alive = view.aliveCount();
        int d = Math.min(config.choices(), alive);
        int best = -1;
        int second = -1;
        for (int i = 0; i < d; i++) {
            int slot = sampleDistinct(i, alive);
            if (best < 0 || view.load(slot) < view.load(best)) {
                second = best;
                best = slot;
            } else if (second < 0 || view.load(slot) < view.load(second)) {
                second = slot;
            }
        }
        return Choice.compared(best, Rule.POWER_OF_D, second);
    }

    /** Draws the i-th sample, distinct from the previous ones (rejection: d is small next to N). */
    private int sampleDistinct(int i, int alive) {
        while (true) {
            int slot = view.aliveSlot(random.nextInt(alive));
            boolean seen = false;
            for (int j = 0; j < i && !seen; j++) {
                seen = sample[j] == slot;
            }
            if (!seen) {
                sample[i] = slot;
                return slot;
            }
        }
    }
}
