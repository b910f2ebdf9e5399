package io.qrouter.core.dsrs;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.apache.commons.math3.optim.MaxIter;
import org.apache.commons.math3.optim.PointValuePair;
import org.apache.commons.math3.optim.linear.LinearConstraint;
import org.apache.commons.math3.optim.linear.LinearConstraintSet;
import org.apache.commons.math3.optim.linear.LinearObjectiveFunction;
import org.apache.commons.math3.optim.linear.NoFeasibleSolutionException;
import org.apache.commons.math3.optim.linear.NonNegativeConstraint;
import org.apache.commons.math3.optim.linear.Relationship;
import org.apache.commons.math3.optim.linear.SimplexSolver;
import org.apache.commons.math3.optim.nonlinear.scalar.GoalType;

/**
 * The offline optimum g*(λ) that Theorem 3 compares DSRS with: the linear program min Σ_ij γ_ij
 * x_ij subject to Σ_j x_ij = λ_i (all work is placed), 0 ≤ x_ij ≤ b_ij (queue ij is stable) and,
 * when the MEC systems share a capacity across services, Σ_i x_ij ≤ C_j. Solved exactly by the
 * simplex method (commons-math3). With stationary inputs g* is the least time-average cost any
 * policy can have (Lemma 2).
 */
public final class OptimalCost {
    private static final double EPSILON = 1e-9;

    /** The optimal flows x_ij and their cost g* = Σ γ_ij x_ij. */
    public record Optimum(double cost, double[][] flow) {}

    private OptimalCost() {}

    /**
     * g* with per-pair capacities only: each service has its own server (VM) in every MEC system,
     * as in the paper.
     */
    public static Optimum solve(double[] lambda, double[][] capacity, double[][] unitCost) {
        return solve(lambda, capacity, unitCost, null);
    }

    /**
     * @param lambda mean arrivals per slot λ_i
     * @param capacity mean service per slot b_ij
     * @param unitCost mean unit cost γ_ij
     * @param systemCapacity C_j shared by all services of system j, or null when systems do not
     *     share capacity
     * @throws IllegalArgumentException if λ lies outside the capacity region (no feasible
     *     placement)
     */
    public static Optimum solve(
            double[] lambda, double[][] capacity, double[][] unitCost, double[] systemCapacity) {
        int services = lambda.length;
        if (services == 0 || capacity.length != services || unitCost.length != services) {
            throw new IllegalArgumentException(
                    "lambda, capacity and unitCost must have one row per service (got "
                            + services
                            + ", "
                            + capacity.length
                            + ", "
                            + unitCost.length
                            + ")");
        }
        int systems = capacity[0].length;
        if (systemCapacity != null && systemCapacity.length != systems) {
            throw new IllegalArgumentException(
                    "systemCapacity must have "
                            + systems
                            + " entries (got "
                            + systemCapacity.length
                            + ")");
        }
        int n = services * systems;
        double[] objective = new double[n];
        List<LinearConstraint> constraints = new ArrayList<>();
        for (int i = 0; i < services; i++) {
            if (capacity[i].length != systems || unitCost[i].length != systems) {
                throw new IllegalArgumentException(
                        "capacity and unitCost rows must all have " + systems + " entries");
            }
            if (!(lambda[i] >= 0) || Double.isInfinite(lambda[i])) {
                throw new IllegalArgumentException(
                        "lambda[" + i + "] must be finite and ≥ 0 (got " + lambda[i] + ")");
            }
            double[] placed = new double[n];
            for (int j = 0; j < systems; j++) {
                int k = i * systems + j;
                objective[k] = unitCost[i][j];
                placed[k] = 1;
                double[] bound = new double[n];
                bound[k] = 1;
                constraints.add(new LinearConstraint(bound, Relationship.LEQ, capacity[i][j]));
            }
            constraints.add(new LinearConstraint(placed, Relationship.EQ, lambda[i]));
        }
        if (systemCapacity != null) {
            for (int j = 0; j < systems; j++) {
                double[] shared = new double[n];
                for (int i = 0; i < services; i++) {
                    shared[i * systems + j] = 1;
                }
                constraints.add(new LinearConstraint(shared, Relationship.LEQ, systemCapacity[j]));
            }
        }
        PointValuePair solution;
        try {
            solution =
                    new SimplexSolver(EPSILON, 10, 1e-12)
                            .optimize(
                                    new MaxIter(10_000),
                                    new LinearObjectiveFunction(objective, 0),
                                    new LinearConstraintSet(constraints),
                                    GoalType.MINIMIZE,
                                    new NonNegativeConstraint(true));
        } catch (NoFeasibleSolutionException e) {
            throw new IllegalArgumentException(
                    "arrival rates "
                            + Arrays.toString(lambda)
                            + " lie outside the capacity region: no placement keeps every queue stable",
                    e);
        }
        double[][] flow = new double[services][systems];
        double[] x = solution.getPoint();
        for (int i = 0; i < services; i++) {
            for (int j = 0; j < systems; j++) {
                flow[i][j] = Math.max(0, x[i * systems + j]);
            }
        }
        return new Optimum(solution.getValue(), flow);
    }
}
