package io.qrouter.tools.report;

import java.awt.Color;
import java.awt.Paint;
import org.jfree.chart.renderer.PaintScale;

/**
 * The heatmaps' colour scale: viridis (dark blue → green → yellow, readable in grey and by most
 * colour-blind readers) from {@code lower} to {@code upper}; values above {@code upper} take its
 * colour, missing values (NaN) a light grey.
 */
final class ColourScale implements PaintScale {
    /** Viridis at 0, 1/8, …, 1 (matplotlib's table); colours in between are interpolated. */
    private static final int[] ANCHORS = {
        0x440154, 0x472D7B, 0x3B528B, 0x2C728E, 0x21918C, 0x28AE80, 0x5EC962, 0xADDC30, 0xFDE725
    };

    static final Color MISSING = new Color(0xDDDDDD);

    private final double lower;
    private final double upper;

    ColourScale(double lower, double upper) {
        if (!(upper > lower)) {
            throw new IllegalArgumentException(
                    "colour scale needs upper > lower (got " + lower + ", " + upper + ")");
        }
        this.lower = lower;
        this.upper = upper;
    }

    @Override
    public double getLowerBound() {
        return lower;
    }

    @Override
    public double getUpperBound() {
        return upper;
    }

    @Override
    public Paint getPaint(double value) {
        return colour(value);
    }

    Color colour(double value) {
        if (Double.isNaN(value)) {
            return MISSING;
        }
        double f =
                Math.max(0, Math.min(1, (value - lower) / (upper - lower))) * (ANCHORS.length - 1);
        int i = Math.min(ANCHORS.length - 2, (int) f);
        double t = f - i;
        Color a = new Color(ANCHORS[i]);
        Color b = new Color(ANCHORS[i + 1]);
        return new Color(
                mix(a.getRed(), b.getRed(), t),
                mix(a.getGreen(), b.getGreen(), t),
                mix(a.getBlue(), b.getBlue(), t));
    }

    private static int mix(int a, int b, double t) {
        return (int) Math.round(a + (b - a) * t);
    }
}
