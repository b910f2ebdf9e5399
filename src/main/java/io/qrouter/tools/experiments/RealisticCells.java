package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/** The realistic experiment's points grouped by cell, in plan order, and its summary table. */
final class RealisticCells {
    static final Set<PolicyName> PEERS =
            Set.of(PolicyName.PREQUAL, PolicyName.P2C_EWMA, PolicyName.LEAST_REQUEST);

    /** The columns of the table: the default, the peers, then the classic baselines. */
    static final List<PolicyName> COLUMNS =
            List.of(
                    PolicyName.HEARTBEAT_K_LIVE,
                    PolicyName.PREQUAL,
                    PolicyName.P2C_EWMA,
                    PolicyName.LEAST_REQUEST,
                    PolicyName.JSQ,
                    PolicyName.LEAST_CONNECTIONS,
                    PolicyName.POWER_OF_D,
                    PolicyName.JIQ,
                    PolicyName.ROUND_ROBIN);

    /** The policies whose halving times the summary shows: the default and the strongest peers. */
    static final List<PolicyName> HALVING_COLUMNS =
            List.of(PolicyName.HEARTBEAT_K_LIVE, PolicyName.PREQUAL, PolicyName.JSQ);

    private final Map<String, List<RealisticExperiment.Point>> byCell = new LinkedHashMap<>();

    RealisticCells(List<RealisticExperiment.Point> points) {
        for (RealisticExperiment.Point p : points) {
            byCell.computeIfAbsent(p.cell(), c -> new ArrayList<>()).add(p);
        }
    }

    List<String> names() {
        return List.copyOf(byCell.keySet());
    }

    List<RealisticExperiment.Point> points(int cell) {
        return byCell.get(names().get(cell));
    }

    /** The lowest mean wait of the model-free peers in the cell (+∞ without one). */
    double bestPeerWait(int cell) {
        return points(cell).stream()
                .filter(p -> PEERS.contains(p.policy()) && p.result().meanWait().isPresent())
                .mapToDouble(p -> p.result().meanWait().getAsDouble())
                .min()
                .orElse(Double.POSITIVE_INFINITY);
    }

    String table() {
        StringBuilder md = new StringBuilder("| # | cell |");
        COLUMNS.forEach(c -> md.append(' ').append(c.configName()).append(" |"));
        md.append(" vs peer | lowest wait and abandonment |\n|---|---|");
        md.append("---:|".repeat(COLUMNS.size())).append("---:|---|\n");
        for (int i = 0; i < byCell.size(); i++) {
            List<RealisticExperiment.Point> cell = points(i);
            double bestWait = min(cell, true);
            double bestAbandon = min(cell, false);
            md.append("| ").append(i + 1).append(" | ").append(names().get(i)).append(" |");
            RealisticExperiment.Point hk = null;
            for (PolicyName column : COLUMNS) {
                RealisticExperiment.Point p = find(cell, column);
                if (column == PolicyName.HEARTBEAT_K_LIVE) {
                    hk = p;
                }
                double wait = wait(p);
                String figure =
                        String.format(
                                Locale.ROOT,
                                "%.3f / %.1f %%",
                                wait,
                                100 * p.result().abandonRate());
                md.append(' ')
                        .append(wait == bestWait ? "**" + figure + "**" : figure)
                        .append(" |");
            }
            double vsPeer = wait(hk) / bestPeerWait(i);
            boolean lowest = wait(hk) == bestWait && hk.result().abandonRate() == bestAbandon;
            md.append(String.format(Locale.ROOT, " %.2f× | %s |%n", vsPeer, lowest ? "yes" : "no"));
        }
        return md.toString();
    }

    /**
     * How many mean service times pass before the slowed servers' share of the tasks halves, in the
     * cells with antagonists, with the slowdowns it was measured over.
     */
    String halvingTable() {
        StringBuilder md =
                new StringBuilder(
                        "\nShare halving: mean service times from a slowdown's start until the slowed"
                                + " servers' share of the tasks is half what it was (never: not before"
                                + " the slowdown ends), with the slowdowns measured.\n\n| cell |");
        HALVING_COLUMNS.forEach(c -> md.append(' ').append(c.configName()).append(" |"));
        md.append(" slowdowns |\n|---|").append("---:|".repeat(HALVING_COLUMNS.size() + 1));
        md.append('\n');
        for (int i = 0; i < byCell.size(); i++) {
            List<RealisticExperiment.Point> cell = points(i);
            if (cell.get(0).antagonists().equals("none")) {
                continue;
            }
            md.append("| ").append(names().get(i)).append(" |");
            for (PolicyName column : HALVING_COLUMNS) {
                Double time = find(cell, column).result().antagonistHalving().time();
                md.append(' ')
                        .append(time == null ? "never" : String.format(Locale.ROOT, "%.2f", time))
                        .append(" |");
            }
            md.append(' ')
                    .append(
                            find(cell, PolicyName.HEARTBEAT_K_LIVE)
                                    .result()
                                    .antagonistHalving()
                                    .episodes())
                    .append(" |\n");
        }
        return md.toString();
    }

    private static double min(List<RealisticExperiment.Point> cell, boolean meanWait) {
        return cell.stream()
                .filter(p -> p.result().meanWait().isPresent())
                .mapToDouble(p -> meanWait ? wait(p) : p.result().abandonRate())
                .min()
                .orElse(Double.NaN);
    }

    private static double wait(RealisticExperiment.Point p) {
        return p.result().meanWait().orElse(Double.NaN);
    }

    private static RealisticExperiment.Point find(
            List<RealisticExperiment.Point> cell, PolicyName policy) {
        return cell.stream().filter(p -> p.policy() == policy).findFirst().orElseThrow();
    }
}
