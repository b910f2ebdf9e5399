package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import org.junit.jupiter.api.Test;

class PaperPrintedFormulasTest {

    @Test
    void reproducesThePapersNumbersAtTheWorkedPoint() {
        PaperPrintedFormulas.Printed p =
                PaperPrintedFormulas.evaluate(2, 2.5, 0.5, 1).orElseThrow();
        assertThat(p.pi00()).isCloseTo(0.2083, within(5e-5));
        assertThat(p.lQt()).isCloseTo(2.0, within(1e-12));
        assertThat(p.lWq()).isCloseTo(1.333, within(5e-4));
        assertThat(p.wQt()).isCloseTo(1.0, within(1e-12));
        assertThat(p.w()).isCloseTo(1.4, within(1e-12));
        // ... and they are not the chain's: the exact values differ
        ChainP exact = ChainP.solve(2, 2.5, 0.5, 1).orElseThrow();
        assertThat(exact.meanInSystem()).isNotCloseTo(p.lQt(), within(0.1));
    }

    @Test
    void collapseToMm1WithServiceRateMuPlusAlphaWhateverEta() {
        double lambda = 1.1;
        double mu = 0.8;
        double alphaC = 0.7;
        double rho = lambda / (mu + alphaC);
        for (double eta : new double[] {0.01, 1, 100}) {
            PaperPrintedFormulas.Printed p =
                    PaperPrintedFormulas.evaluate(lambda, mu, alphaC, eta).orElseThrow();
            assertThat(p.lQt()).isCloseTo(rho / (1 - rho), within(1e-12));
            assertThat(p.wQt()).isCloseTo(rho / (1 - rho) / lambda, within(1e-12));
            assertThat(p.wV()).isCloseTo(alphaC / ((mu + alphaC) * (mu + alphaC)), within(1e-12));
        }
    }

    @Test
    void unstableAtOrAboveRhoOne() {
        assertThat(PaperPrintedFormulas.evaluate(3, 2.5, 0.5, 1).isStable()).isFalse();
    }
}
