package io.qrouter.core.queueing;

import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Tuple;

/**
 * Generators of the extreme-but-possible inputs of the queueing core, shared by the property tests
 * of the queueing core and of the job's queue figures: the rates the estimators and the validated
 * heartbeats can give, the slots of a server, the time units router.k-time-unit.ms allows, weights
 * with zeros.
 */
public final class ExtremeRates {
    private ExtremeRates() {}

    /**
     * lambda, alpha_c, eta: 0, or from 1e-13 (one abandonment in 4096 tasks' waits of 27 years) to
     * 10⁹.
     */
    public static Arbitrary<Double> rates() {
        return Arbitraries.oneOf(Arbitraries.of(0.0, 1e-13), positiveRates());
    }

    /**
     * mu: from 10⁻⁹ (the estimated mu of services 27 years long; a reported rate is at least
     * validation.min-service-rate, 10⁻⁶) to 10⁹ (a thousand completions within a millisecond).
     */
    public static Arbitrary<Double> positiveRates() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.doubles().between(0.01, 100)),
                Tuple.of(
                        2,
                        Arbitraries.doubles()
                                .ofScale(6)
                                .between(-9, 9)
                                .map(exponent -> Math.pow(10, exponent))),
                Tuple.of(1, Arbitraries.of(1e-9, 1e-6, 1e6, 1e9)));
    }

    /** Slots c: mostly few, sometimes as many as analyze --slots takes (10⁴); 1 often. */
    public static Arbitrary<Integer> slots() {
        return Arbitraries.frequencyOf(
                Tuple.of(2, Arbitraries.just(1)),
                Tuple.of(3, Arbitraries.integers().between(1, 16)),
                Tuple.of(1, Arbitraries.integers().between(1, 10_000)));
    }

    public static Arbitrary<Double> timeUnits() {
        return Arbitraries.longs().between(1, 86_400_000).map(ms -> ms / 1000.0);
    }

    public static Arbitrary<LoadIndexWeights> weights() {
        Arbitrary<LoadIndexWeights> any =
                Arbitraries.doubles()
                        .between(0, 1)
                        .tuple2()
                        .filter(t -> t.get1() + t.get2() <= 1)
                        .map(
                                t ->
                                        new LoadIndexWeights(
                                                t.get1(),
                                                t.get2(),
                                                Math.max(0, 1 - t.get1() - t.get2())));
        return Arbitraries.oneOf(
                any,
                Arbitraries.of(
                        LoadIndexWeights.EQUAL,
                        new LoadIndexWeights(1, 0, 0),
                        new LoadIndexWeights(0, 1, 0),
                        new LoadIndexWeights(0, 0, 1),
                        new LoadIndexWeights(0, 0.5, 0.5)));
    }
}
