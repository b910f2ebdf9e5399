package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.OptionalDouble;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The load index the routers rank by, over every rate the job can meet: never NaN (the router's
 * index refuses NaN keys, so one NaN would fail the job), never negative; a steady-state K is
 * finite or the server overloaded. Rates are those of {@link ExtremeRates} (what estimators and
 * validated heartbeats can give), weights include zeros, the time unit covers
 * router.k-time-unit.ms.
 */
class LoadIndexExtremesTest {

    @Provide
    Arbitrary<Double> rates() {
        return ExtremeRates.rates();
    }

    @Provide
    Arbitrary<Double> positiveRates() {
        return ExtremeRates.positiveRates();
    }

    @Provide
    Arbitrary<Double> timeUnits() {
        return ExtremeRates.timeUnits();
    }

    @Provide
    Arbitrary<LoadIndexWeights> weights() {
        return ExtremeRates.weights();
    }

    @Provide
    Arbitrary<Integer> tasksPresent() {
        return Arbitraries.frequencyOf(
                Tuple.of(3, Arbitraries.integers().between(0, 100)),
                Tuple.of(1, Arbitraries.integers().between(0, 20_000_000)));
    }

    @Property(tries = 3000)
    void liveKIsNeverNaNNorNegative(
            @ForAll("tasksPresent") int n,
            @ForAll("positiveRates") double mu,
            @ForAll("rates") double alphaC,
            @ForAll("timeUnits") double timeUnit,
            @ForAll("weights") LoadIndexWeights weights) {
        double k = LoadIndex.live(n, mu, alphaC, timeUnit, weights);
        assertThat(k).isNotNaN().isGreaterThanOrEqualTo(0);
    }

    /**
     * Fewer tries: near its limit of 2·10⁸ terms one M/M/1+M series takes seconds (see the README).
     */
    @Property(tries = 300)
    void steadyStateKIsFiniteOrTheServerOverloaded(
            @ForAll("rates") double lambda,
            @ForAll("positiveRates") double mu,
            @ForAll("rates") double alphaC,
            @ForAll("timeUnits") double timeUnit,
            @ForAll("weights") LoadIndexWeights weights) {
        OptionalDouble k = LoadIndex.steadyState(lambda, mu, alphaC, timeUnit, weights);
        if (k.isPresent()) {
            assertThat(k.getAsDouble()).isFinite().isGreaterThanOrEqualTo(0);
        }
    }
}
