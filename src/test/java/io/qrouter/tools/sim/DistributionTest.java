package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The service requirements: each form has mean 1 and the shape it names. Tolerances are four
 * standard errors of the statistic at the sample size (a false failure about once in 16 000 runs,
 * and the seed is fixed).
 */
class DistributionTest {
    /** A small real trace of service times, see traces/README.md beside it. */
    static final Path SHIPPED_TRACE =
            Path.of("src/test/resources/traces/azure-vm-benchmark-runtimes.csv");

    private static double[] samples(String spec, int n) {
        Distribution d = Distribution.parse(spec, SimSetting.SERVICE);
        SplittableRandom random = new SplittableRandom(28);
        double[] x = new double[n];
        for (int i = 0; i < n; i++) {
            x[i] = d.sample(random);
        }
        return x;
    }

    private static double mean(double[] x) {
        return Arrays.stream(x).average().orElseThrow();
    }

    @Test
    void lognormalHasMeanOneAndTheLogMomentsOfItsScv() {
        int n = 1_000_000;
        double[] x = samples("lognormal:4", n);
        // variance = SCV = 4 at mean 1: standard error 2 / sqrt(n)
        assertThat(mean(x)).isCloseTo(1, within(4 * 2 / Math.sqrt(n)));
        // ln X is normal with variance ln(1 + SCV) and mean -variance/2: exact, whatever the tail
        double variance = Math.log(5);
        double[] logs = Arrays.stream(x).map(Math::log).toArray();
        double logMean = mean(logs);
        assertThat(logMean).isCloseTo(-variance / 2, within(4 * Math.sqrt(variance / n)));
        double logVariance = Arrays.stream(logs).map(v -> (v - logMean) * (v - logMean)).sum() / n;
        // the sample variance of a normal has standard error variance * sqrt(2 / n)
        assertThat(logVariance).isCloseTo(variance, within(4 * variance * Math.sqrt(2.0 / n)));
        assertThat(Distribution.parse("lognormal:4", SimSetting.SERVICE).scv()).isEqualTo(4);
    }

    @Test
    void paretoHasMeanOneAndTheMedianOfItsShape() {
        int n = 1_000_000;
        // shape 3: finite variance, SCV 1/(3·1) = 1/3, so the mean's standard error is sqrt(1/3n)
        assertThat(mean(samples("pareto:3", n))).isCloseTo(1, within(4 * Math.sqrt(1.0 / 3 / n)));
        assertThat(Distribution.parse("pareto:3", SimSetting.SERVICE).scv())
                .isCloseTo(1.0 / 3, within(1e-12));
        // shape 1.5: infinite variance, so the mean is no test; the median x_m·2^(1/α) is, with
        // standard error 1 / (2 f(median) sqrt(n)), f the density α·x_m^α / x^(α+1)
        double alpha = 1.5;
        double scale = (alpha - 1) / alpha;
        double median = scale * Math.pow(2, 1 / alpha);
        double density = alpha * Math.pow(scale, alpha) / Math.pow(median, alpha + 1);
        int m = 200_001;
        double[] x = samples("pareto:1.5", m);
        Arrays.sort(x);
        assertThat(x[m / 2]).isCloseTo(median, within(4 / (2 * density * Math.sqrt(m))));
        assertThat(x[0]).isGreaterThanOrEqualTo(scale);
        assertThat(Distribution.parse("pareto:1.5", SimSetting.SERVICE).scv()).isInfinite();
        assertThat(Distribution.parse("pareto:2", SimSetting.SERVICE).scv()).isInfinite();
    }

    @Test
    void theShippedTraceIsNormalisedToMeanOneAndSampledWithReplacement() {
        Distribution.Trace trace =
                (Distribution.Trace)
                        Distribution.parse("trace:" + SHIPPED_TRACE, SimSetting.SERVICE);
        double[] values = trace.values();
        assertThat(values).hasSize(1000);
        assertThat(mean(values)).isCloseTo(1, within(1e-12));
        // the file's runtimes: mean 103.24 s, median 31.05 s, SCV 3.72 (see the README)
        double[] sorted = values.clone();
        Arrays.sort(sorted);
        assertThat((sorted[499] + sorted[500]) / 2 * 103.23631).isCloseTo(31.05, within(1e-9));
        assertThat(trace.scv()).isCloseTo(3.719, within(0.001));
        int n = 100_000;
        double[] x = samples("trace:" + SHIPPED_TRACE, n);
        assertThat(mean(x)).isCloseTo(1, within(4 * Math.sqrt(trace.scv() / n)));
        assertThat(Arrays.stream(x).allMatch(v -> Arrays.binarySearch(sorted, v) >= 0)).isTrue();
    }

    @Test
    void aMalformedTraceNamesTheFileAndTheLine(@TempDir Path dir) throws IOException {
        Path bad = dir.resolve("Times.CSV");
        Files.writeString(bad, "seconds\n1.5\n\n2\nslow\n");
        assertThatThrownBy(() -> Distribution.parse("trace:" + bad, SimSetting.SERVICE))
                .hasMessageContaining("the service requirement trace " + bad + " line 5")
                .hasMessageContaining("\"slow\" is not a number");
        Files.writeString(bad, "1\n2,3\n");
        assertThatThrownBy(() -> Distribution.parse("trace:" + bad, SimSetting.SERVICE))
                .hasMessageContaining("line 2: expected one column");
        Files.writeString(bad, "1\n-2\n");
        assertThatThrownBy(() -> Distribution.parse("trace:" + bad, SimSetting.SERVICE))
                .hasMessageContaining("line 2: a service time must be finite and >= 0");
        Files.writeString(bad, "seconds\n");
        assertThatThrownBy(() -> Distribution.parse("trace:" + bad, SimSetting.SERVICE))
                .hasMessageContaining("holds no service times");
        assertThatThrownBy(() -> Distribution.parse("trace:/no/such.csv", SimSetting.SERVICE))
                .hasMessageContaining("trace: cannot read /no/such.csv");
        // the file name keeps its case
        Files.writeString(bad, "2\n6\n");
        assertThat(Distribution.parse("TRACE:" + bad, SimSetting.SERVICE).spec())
                .isEqualTo("trace:" + bad);
    }

    @Test
    void badFormsNameTheSettingAndTheValidForms() {
        assertThatThrownBy(() -> Distribution.parse("gamma:2", SimSetting.SERVICE))
                .hasMessageStartingWith("the service requirement must be exp, lognormal:SCV")
                .hasMessageContaining("pareto:ALPHA (ALPHA in (1, 1000])")
                .hasMessageContaining("trace:FILE.csv");
        assertThatThrownBy(() -> Distribution.parse("pareto:1", SimSetting.SERVICE))
                .hasMessageContaining("pareto:ALPHA must be in (1.0, 1000.0] (got 1)");
        assertThatThrownBy(() -> Distribution.parse("lognormal:0", SimSetting.SERVICE))
                .hasMessageContaining("lognormal:SCV must be in (0.0, 1000.0] (got 0)");
        assertThatThrownBy(() -> Distribution.parse("lognormal:x", SimSetting.SERVICE))
                .hasMessageContaining("lognormal:SCV: \"x\" is not a number");
    }
}
