package io.qrouter.core.queueing;

/**
 * The weights of Eq. (53), K = alpha·L_Wq + sigma·W_Qt + r·W_v: each in [0, 1] and alpha + sigma +
 * r = 1 (within 1e-9, so that "0.2,0.3,0.5" typed by a human is accepted).
 */
public record LoadIndexWeights(double alpha, double sigma, double r)
        implements java.io.Serializable {
    public static final LoadIndexWeights EQUAL = new LoadIndexWeights(1 / 3.0, 1 / 3.0, 1 / 3.0);
    private static final double SUM_TOLERANCE = 1e-9;

    public LoadIndexWeights {
        check("alpha", alpha);
        check("sigma", sigma);
        check("r", r);
        double sum = alpha + sigma + r;
        if (Math.abs(sum - 1) > SUM_TOLERANCE) {
            throw new IllegalArgumentException(
                    "load index weights alpha + sigma + r must sum to 1 (got "
                            + alpha
                            + " + "
                            + sigma
                            + " + "
                            + r
                            + " = "
                            + sum
                            + ")");
        }
    }

    /** Parses "alpha,sigma,r", e.g. "0.5,0.25,0.25". */
    public static LoadIndexWeights parse(String csv) {
        if (csv == null) {
            throw new IllegalArgumentException(
                    "load index weights must be \"alpha,sigma,r\" (got null)");
        }
        String[] parts = csv.split(",", -1);
        if (parts.length != 3) {
            throw new IllegalArgumentException(
                    "load index weights must be three numbers \"alpha,sigma,r\" (got \""
                            + csv
                            + "\")");
        }
        double[] values = new double[3];
        String[] names = {"alpha", "sigma", "r"};
        for (int i = 0; i < 3; i++) {
            try {
                values[i] = Double.parseDouble(parts[i].trim());
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException(
                        "load index weight "
                                + names[i]
                                + " is not a number (got \""
                                + parts[i].trim()
                                + "\" in \""
                                + csv
                                + "\")");
            }
        }
        return new LoadIndexWeights(values[0], values[1], values[2]);
    }

    private static void check(String name, double weight) {
        if (!(weight >= 0 && weight <= 1)) {
            throw new IllegalArgumentException(
                    "load index weight " + name + " must be in [0, 1] (got " + weight + ")");
        }
    }
}
