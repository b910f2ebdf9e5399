package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import java.util.OptionalDouble;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The load index the routers rank by, and the M/M/c+M queue it comes from, over every rate the job
 * can meet: K never NaN (the router's index refuses NaN keys, so one NaN would fail the job), never
 * negative; a steady-state K is finite or the server overloaded; stable metrics are probabilities
 * and lengths, and every arrival is served or abandons. Rates are those of {@link ExtremeRates}
 * (what estimators and validated heartbeats can give), slots up to 10⁴ (1 often: the one-slot
 * signatures are calls of these), weights include zeros, the time unit covers
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
    Arbitrary<Integer> slots() {
        return ExtremeRates.slots();
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
            @ForAll("slots") int c,
            @ForAll("positiveRates") double mu,
            @ForAll("rates") double alphaC,
            @ForAll("timeUnits") double timeUnit,
            @ForAll("weights") LoadIndexWeights weights) {
        double k = LoadIndex.live(n, c, mu, alphaC, timeUnit, weights);
        assertThat(k).isNotNaN().isGreaterThanOrEqualTo(0);
    }

    /**
     * Fewer tries: near its limit of 2·10⁸ terms one M/M/c+M series takes seconds (see the README).
     */
    @Property(tries = 300)
    void steadyStateKIsFiniteOrTheServerOverloaded(
            @ForAll("rates") double lambda,
            @ForAll("positiveRates") double mu,
            @ForAll("slots") int c,
            @ForAll("rates") double alphaC,
            @ForAll("timeUnits") double timeUnit,
            @ForAll("weights") LoadIndexWeights weights) {
        OptionalDouble k = LoadIndex.steadyState(lambda, mu, c, alphaC, timeUnit, weights);
        if (k.isPresent()) {
            assertThat(k.getAsDouble()).isFinite().isGreaterThanOrEqualTo(0);
        }
    }

    /** As few tries, for the same reason. */
    @Property(tries = 200)
    void stableMetricsAreProbabilitiesAndLengthsThatBalanceTheFlow(
            @ForAll("rates") double lambda,
            @ForAll("positiveRates") double mu,
            @ForAll("slots") int c,
            @ForAll("rates") double alphaC) {
        SteadyState<ErlangA> state = ErlangA.solve(lambda, mu, c, alphaC);
        if (!(state instanceof SteadyState.Stable<ErlangA> stable)) {
            assertThat(state.whyNoMetrics()).isPresent();
            return;
        }
        ErlangA q = stable.metrics();
        assertThat(q.p0()).isBetween(0.0, 1.0);
        assertThat(q.waitProbability()).isBetween(0.0, 1.0);
        assertThat(q.p0() + q.waitProbability()).isLessThanOrEqualTo(1 + 1e-12);
        assertThat(q.abandonProbability()).isBetween(0.0, 1.0 + 1e-12);
        assertThat(q.meanWaiting()).isFinite().isGreaterThanOrEqualTo(0);
        assertThat(q.meanInSystem()).isFinite().isGreaterThanOrEqualTo(q.meanWaiting());
        // E[L_q], and W_q and P(abandon) from it, keep ~8.5 digits when lambda << c·mu + alphaC
        // (the sum may stop two terms past c, as M/M/1+M's always did): hence 1e-8
        assertThat(q.virtualWait()).isFinite().isBetween(0.0, q.meanWait() * (1 + 1e-8));
        assertThat(q.meanSojourn()).isFinite().isGreaterThanOrEqualTo(q.meanWait());
        assertThat(q.throughput()).isLessThanOrEqualTo(c * mu * (1 + 1e-12));
        assertThat(q.throughput() + lambda * q.abandonProbability())
                .isCloseTo(lambda, within(1e-8 * lambda));
    }
}
