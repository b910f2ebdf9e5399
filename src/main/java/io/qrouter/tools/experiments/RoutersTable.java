package io.qrouter.tools.experiments;

import io.qrouter.core.policy.PolicyName;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.OptionalDouble;

/**
 * The summary of {@link RoutersExperiment} at one load: mean wait by policy and R, the lowest of
 * each R in bold, and the default policy's growth from one router to many.
 */
final class RoutersTable {
    private RoutersTable() {}

    static String markdown(
            double load, List<Integer> routers, List<RoutersExperiment.Point> points) {
        StringBuilder md =
                new StringBuilder(
                        String.format(
                                Locale.ROOT,
                                "%n## Load %.2f: mean wait by routers R%n%n| policy |",
                                load));
        routers.forEach(r -> md.append(" R = ").append(r).append(" |"));
        md.append("\n|---|").append("---:|".repeat(routers.size())).append('\n');
        for (PolicyName policy : PolicyName.values()) {
            md.append("| ").append(policy.configName()).append(" |");
            for (int r : routers) {
                OptionalDouble w = wait(points, policy, r);
                boolean lowest = w.isPresent() && w.getAsDouble() <= lowest(points, r);
                md.append(
                        w.isPresent()
                                ? String.format(
                                        Locale.ROOT,
                                        lowest ? " **%.3f** |" : " %.3f |",
                                        w.getAsDouble())
                                : " n/a |");
            }
            md.append('\n');
        }
        verdict(md, routers, points);
        return md.toString();
    }

    /** The default policy's wait at each R over its one-router wait, and where it is lowest. */
    private static void verdict(
            StringBuilder md, List<Integer> routers, List<RoutersExperiment.Point> points) {
        PolicyName me = PolicyName.HEARTBEAT_K_LIVE;
        OptionalDouble one = wait(points, me, 1);
        if (one.isPresent() && one.getAsDouble() > 0) {
            md.append(String.format(Locale.ROOT, "%n%s against one router:", me.configName()));
            for (int r : routers) {
                OptionalDouble w = wait(points, me, r);
                if (r > 1 && w.isPresent()) {
                    md.append(
                            String.format(
                                    Locale.ROOT,
                                    " R = %d %.2f×,",
                                    r,
                                    w.getAsDouble() / one.getAsDouble()));
                }
            }
            md.setLength(md.length() - 1);
            md.append('.');
        }
        List<Integer> notLowest =
                routers.stream()
                        .filter(
                                r -> {
                                    OptionalDouble w = wait(points, me, r);
                                    return w.isEmpty() || w.getAsDouble() > lowest(points, r);
                                })
                        .toList();
        md.append(
                notLowest.isEmpty()
                        ? " It has the lowest mean wait at every R.\n"
                        : " It is not the lowest at R = " + notLowest + ".\n");
    }

    static OptionalDouble wait(
            List<RoutersExperiment.Point> points, PolicyName policy, int routers) {
        Optional<RoutersExperiment.Point> p =
                points.stream()
                        .filter(q -> q.policy() == policy && q.routers() == routers)
                        .findFirst();
        return p.isPresent() ? p.get().meanWait() : OptionalDouble.empty();
    }

    private static double lowest(List<RoutersExperiment.Point> points, int routers) {
        return points.stream()
                .filter(p -> p.routers() == routers && p.meanWait().isPresent())
                .mapToDouble(p -> p.meanWait().getAsDouble())
                .min()
                .orElse(Double.NaN);
    }
}
