package io.qrouter.job.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.estimate.Estimate;
import io.qrouter.core.estimate.EstimatorSnapshot;
import io.qrouter.core.estimate.ServiceEvidence;
import io.qrouter.core.queueing.ExtremeRates;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import java.util.Arrays;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;

/**
 * The queueing figures a server's state reports on every heartbeat, from any estimates the
 * estimators can give (unknown, or the rates of {@link ExtremeRates}) and any reported service rate
 * that passes validation, under both models: never an exception, every figure null or finite
 * (ServerMetrics must never carry NaN or infinity).
 */
class QueueFiguresExtremesTest {
    private static final RecordLimits LIMITS = RecordLimits.from(JobConfig.defaults());

    @Property(tries = 1500)
    void figuresAreNullOrFiniteWhateverTheEstimates(
            @ForAll("models") String model,
            @ForAll("estimates") Estimate lambda,
            @ForAll("estimates") Estimate mu,
            @ForAll("estimates") Estimate alphaC,
            @ForAll("estimates") Estimate eta,
            @ForAll("reportedRates") double reportedServiceRate,
            @ForAll("weights") LoadIndexWeights weights,
            @ForAll("timeUnits") double timeUnitSeconds) {
        EstimatorSnapshot estimates =
                new EstimatorSnapshot(
                        0,
                        Estimate.unknown(0),
                        Estimate.unknown(0),
                        ServiceEvidence.NONE,
                        60_000,
                        lambda,
                        mu,
                        alphaC,
                        eta,
                        lambda,
                        0,
                        0,
                        0,
                        0);

        QueueFigures f =
                QueueFigures.compute(
                        model, weights, timeUnitSeconds, estimates, reportedServiceRate, 1);

        assertThat(
                        Arrays.asList(
                                f.lambda(),
                                f.mu(),
                                f.alphaC(),
                                f.eta(),
                                f.exitRateTheta(),
                                f.rho(),
                                f.meanWaiting(),
                                f.meanWait(),
                                f.virtualWait(),
                                f.abandonProbability(),
                                f.loadIndexK()))
                .as("%s", f)
                .allMatch(x -> x == null || Double.isFinite(x));
    }

    @Provide
    Arbitrary<String> models() {
        return Arbitraries.of(QueueFigures.RENEGING, QueueFigures.CHAIN_P);
    }

    @Provide
    Arbitrary<Estimate> estimates() {
        return Arbitraries.oneOf(
                Arbitraries.just(Estimate.unknown(0)),
                ExtremeRates.rates().map(rate -> Estimate.known(rate, 20)));
    }

    @Provide
    Arbitrary<Double> reportedRates() {
        return Arbitraries.oneOf(
                Arbitraries.of(0.0, LIMITS.minServiceRate(), LIMITS.maxServiceRate()),
                Arbitraries.doubles()
                        .ofScale(6)
                        .between(LIMITS.minServiceRate(), LIMITS.maxServiceRate()));
    }

    @Provide
    Arbitrary<LoadIndexWeights> weights() {
        return ExtremeRates.weights();
    }

    @Provide
    Arbitrary<Double> timeUnits() {
        return ExtremeRates.timeUnits();
    }
}
