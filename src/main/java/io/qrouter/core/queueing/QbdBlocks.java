package io.qrouter.core.queueing;

/**
 * A level-independent quasi-birth-death process with one boundary level, described by its generator
 * blocks. Level 0 has m0 phases; every level k >= 1 has m phases.
 *
 * <pre>
 *   level 0:   b00 (within level 0)   b01 (0 → 1)
 *   level 1:   b10 (1 → 0)            firstLocal (within level 1)   up (1 → 2)
 *   level k≥2: down (k → k-1)         local (within level k)        up (k → k+1)
 * </pre>
 *
 * Diagonals are negative so that every row of the generator sums to 0 (checked, to 1e-9 of the
 * row's scale). A separate first-level block covers models that behave differently with one task
 * present (chain P cannot cancel the task in service at level 1).
 */
public record QbdBlocks(
        double[][] b00,
        double[][] b01,
        double[][] b10,
        double[][] firstLocal,
        double[][] up,
        double[][] local,
        double[][] down) {

    public QbdBlocks {
        int m0 = b00.length;
        int m = local.length;
        shape("b00", b00, m0, m0);
        shape("b01", b01, m0, m);
        shape("b10", b10, m, m0);
        shape("firstLocal", firstLocal, m, m);
        shape("up", up, m, m);
        shape("local", local, m, m);
        shape("down", down, m, m);
        generatorRows("level 0", b00, b01);
        generatorRows("level 1", b10, firstLocal, up);
        generatorRows("levels >= 2", down, local, up);
    }

    public int boundaryPhases() {
        return b00.length;
    }

    public int phases() {
        return local.length;
    }

    private static void shape(String name, double[][] block, int rows, int cols) {
        if (block.length != rows) {
            throw new IllegalArgumentException(
                    "QBD block "
                            + name
                            + " must have "
                            + rows
                            + " rows (got "
                            + block.length
                            + ")");
        }
        for (double[] row : block) {
            if (row.length != cols) {
                throw new IllegalArgumentException(
                        "QBD block "
                                + name
                                + " must have "
                                + cols
                                + " columns (got "
                                + row.length
                                + ")");
            }
            for (double v : row) {
                if (!Double.isFinite(v)) {
                    throw new IllegalArgumentException(
                            "QBD block " + name + " has a non-finite entry " + v);
                }
            }
        }
    }

    /**
     * Off-diagonal rates >= 0 and each generator row sums to 0; the first block holds the diagonal.
     */
    private static void generatorRows(String level, double[][]... blocks) {
        double[][] diagonalBlock = blocks.length == 2 ? blocks[0] : blocks[1];
        for (int i = 0; i < blocks[0].length; i++) {
            double sum = 0;
            double scale = 0;
            for (double[][] block : blocks) {
                for (int j = 0; j < block[i].length; j++) {
                    double v = block[i][j];
                    if (v < 0 && !(block == diagonalBlock && i == j)) {
                        throw new IllegalArgumentException(
                                "QBD "
                                        + level
                                        + ": rate from phase "
                                        + i
                                        + " is negative ("
                                        + v
                                        + ")");
                    }
                    sum += v;
                    scale += Math.abs(v);
                }
            }
            if (Math.abs(sum) > 1e-9 * Math.max(scale, 1e-300)) {
                throw new IllegalArgumentException(
                        "QBD "
                                + level
                                + ": generator row of phase "
                                + i
                                + " sums to "
                                + sum
                                + ", not 0");
            }
        }
    }
}
