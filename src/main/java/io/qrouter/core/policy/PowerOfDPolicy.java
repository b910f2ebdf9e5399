package io.qrouter.core.policy;

import java.util.random.RandomGenerator;

/**
 * Power-of-d choices (the supermarket model of Mitzenmacher and Vvedenskaya et al.): sample d
 * distinct alive servers uniformly and join the one with the fewest tasks (ties go to the first
 * sampled, itself random). A full-information reference: it probes current queues, so the simulator
 * reports every queue change to it.
 */
final class PowerOfDPolicy extends AbstractRoutingPolicy {
    private final DistinctSample sample;

    PowerOfDPolicy(PolicyConfig config, RandomGenerator random) {
        super(config, random);
        this.sample = new DistinctSample(config.choices());
    }

    @Override
    public boolean readsCurrentQueues() {
        return true;
    }

    @Override
    Choice choose(String taskKey) {
        return SampledMinimum.of(sample.draw(view, config.choices(), random), view::load)
                .choice(Rule.POWER_OF_D);
    }
}
