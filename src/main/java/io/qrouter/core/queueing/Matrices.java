package io.qrouter.core.queueing;

/**
 * The few dense linear-algebra operations the QBD solver needs, for the small phase matrices it
 * works with.
 */
final class Matrices {
    private Matrices() {}

    static double[][] identity(int n) {
        double[][] m = new double[n][n];
        for (int i = 0; i < n; i++) {
            m[i][i] = 1;
        }
        return m;
    }

    static double[][] multiply(double[][] a, double[][] b) {
        int rows = a.length;
        int inner = b.length;
        int cols = b[0].length;
        double[][] c = new double[rows][cols];
        for (int i = 0; i < rows; i++) {
            for (int k = 0; k < inner; k++) {
                double aik = a[i][k];
                if (aik != 0) {
                    for (int j = 0; j < cols; j++) {
                        c[i][j] += aik * b[k][j];
                    }
                }
            }
        }
        return c;
    }

    static double[] multiply(double[] row, double[][] m) {
        double[] out = new double[m[0].length];
        for (int k = 0; k < row.length; k++) {
            for (int j = 0; j < out.length; j++) {
                out[j] += row[k] * m[k][j];
            }
        }
        return out;
    }

    static double[][] add(double[][] a, double[][] b) {
        double[][] c = new double[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                c[i][j] = a[i][j] + b[i][j];
            }
        }
        return c;
    }

    static double[][] scale(double factor, double[][] a) {
        double[][] c = new double[a.length][a[0].length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                c[i][j] = factor * a[i][j];
            }
        }
        return c;
    }

    static double[][] subtract(double[][] a, double[][] b) {
        return add(a, scale(-1, b));
    }

    static double[] rowSums(double[][] a) {
        double[] sums = new double[a.length];
        for (int i = 0; i < a.length; i++) {
            for (double v : a[i]) {
                sums[i] += v;
            }
        }
        return sums;
    }

    static double sum(double[] v) {
        double s = 0;
        for (double x : v) {
            s += x;
        }
        return s;
    }

    /** Maximum absolute row sum. */
    static double normInf(double[][] a) {
        double max = 0;
        for (double[] row : a) {
            double s = 0;
            for (double v : row) {
                s += Math.abs(v);
            }
            max = Math.max(max, s);
        }
        return max;
    }

    static double[][] transpose(double[][] a) {
        double[][] t = new double[a[0].length][a.length];
        for (int i = 0; i < a.length; i++) {
            for (int j = 0; j < a[0].length; j++) {
                t[j][i] = a[i][j];
            }
        }
        return t;
    }

    static double[][] inverse(double[][] a) {
        return solve(a, identity(a.length));
    }

    /**
     * X with A·X = B, Gaussian elimination with partial pivoting; throws when A is (numerically)
     * singular.
     */
    static double[][] solve(double[][] a, double[][] b) {
        int n = a.length;
        int cols = b[0].length;
        double[][] m = new double[n][];
        double[][] x = new double[n][];
        for (int i = 0; i < n; i++) {
            m[i] = a[i].clone();
            x[i] = b[i].clone();
        }
        double scale = Math.max(normInf(a), Double.MIN_NORMAL);
        for (int col = 0; col < n; col++) {
            int pivot = col;
            for (int i = col + 1; i < n; i++) {
                if (Math.abs(m[i][col]) > Math.abs(m[pivot][col])) {
                    pivot = i;
                }
            }
            if (Math.abs(m[pivot][col]) <= 1e-14 * scale) {
                throw new IllegalArgumentException("singular matrix (column " + col + ")");
            }
            double[] t = m[col];
            m[col] = m[pivot];
            m[pivot] = t;
            t = x[col];
            x[col] = x[pivot];
            x[pivot] = t;
            for (int i = col + 1; i < n; i++) {
                double f = m[i][col] / m[col][col];
                if (f != 0) {
                    for (int j = col; j < n; j++) {
                        m[i][j] -= f * m[col][j];
                    }
                    for (int j = 0; j < cols; j++) {
                        x[i][j] -= f * x[col][j];
                    }
                }
            }
        }
        for (int i = n - 1; i >= 0; i--) {
            for (int j = 0; j < cols; j++) {
                double s = x[i][j];
                for (int k = i + 1; k < n; k++) {
                    s -= m[i][k] * x[k][j];
                }
                x[i][j] = s / m[i][i];
            }
        }
        return x;
    }

    /** The row vector x with x·A = 0 and x·v = 1, where A has a one-dimensional left null space. */
    static double[] leftNullVector(double[][] a, double[] v) {
        int n = a.length;
        double[][] system = transpose(a);
        system[0] = v.clone(); // A's rows are dependent: one balance equation is redundant,
        // normalise instead
        double[][] rhs = new double[n][1];
        rhs[0][0] = 1;
        double[][] x = solve(system, rhs);
        double[] out = new double[n];
        for (int i = 0; i < n; i++) {
            out[i] = x[i][0];
        }
        return out;
    }
}
