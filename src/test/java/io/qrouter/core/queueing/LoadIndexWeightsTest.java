package io.qrouter.core.queueing;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import org.junit.jupiter.api.Test;

class LoadIndexWeightsTest {
    @Test
    void parsesThreeWeightsThatSumToOne() {
        assertThat(LoadIndexWeights.parse(" 0.2, 0.3 ,0.5"))
                .isEqualTo(new LoadIndexWeights(0.2, 0.3, 0.5));
        assertThat(LoadIndexWeights.parse("1,0,0")).isEqualTo(new LoadIndexWeights(1, 0, 0));
    }

    @Test
    void equalWeightsAreValid() {
        LoadIndexWeights w = LoadIndexWeights.EQUAL;
        assertThat(w.alpha() + w.sigma() + w.r())
                .isCloseTo(1, org.assertj.core.data.Offset.offset(1e-12));
    }

    @Test
    void rejectsWeightsNotSummingToOne() {
        assertThatThrownBy(() -> LoadIndexWeights.parse("0.5,0.5,0.5"))
                .isInstanceOf(IllegalArgumentException.class)
                .hasMessageContaining("alpha + sigma + r must sum to 1");
    }

    @Test
    void rejectsNegativeOrNanWeights() {
        assertThatThrownBy(() -> new LoadIndexWeights(-0.5, 1, 0.5))
                .hasMessageContaining("alpha must be in [0, 1]");
        assertThatThrownBy(() -> new LoadIndexWeights(0.5, Double.NaN, 0.5))
                .hasMessageContaining("sigma");
    }

    @Test
    void rejectsMalformedText() {
        assertThatThrownBy(() -> LoadIndexWeights.parse("0.5,0.5"))
                .hasMessageContaining("three numbers");
        assertThatThrownBy(() -> LoadIndexWeights.parse("0.5,x,0.5"))
                .hasMessageContaining("sigma is not a number");
        assertThatThrownBy(() -> LoadIndexWeights.parse(null))
                .isInstanceOf(IllegalArgumentException.class);
    }
}
