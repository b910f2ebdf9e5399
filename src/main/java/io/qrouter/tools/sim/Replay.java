package io.qrouter.tools.sim;

/**
 * What a {@link Simulation#replay} did with each task of the recorded workload, in the workload's
 * order and time base (NaN: did not happen), beside the run's summary. A digital twin computes its
 * figures from these exactly as the real run's are computed, so the two are compared like for like.
 *
 * @param summary the simulator's own figures
 * @param receivedAt when the task reached its server
 * @param startedAt when its service started
 * @param finishedAt when it completed or abandoned
 * @param completed true when it was served to the end
 * @param server the server the routers chose for it (-1: none)
 */
public record Replay(
        SimResult summary,
        double[] receivedAt,
        double[] startedAt,
        double[] finishedAt,
        boolean[] completed,
        int[] server) {

    static Replay empty(SimResult summary, int tasks) {
        double[] received = new double[tasks];
        double[] started = new double[tasks];
        double[] finished = new double[tasks];
        java.util.Arrays.fill(received, Double.NaN);
        java.util.Arrays.fill(started, Double.NaN);
        java.util.Arrays.fill(finished, Double.NaN);
        int[] server = new int[tasks];
        java.util.Arrays.fill(server, -1);
        return new Replay(summary, received, started, finished, new boolean[tasks], server);
    }

    /** The same per-task times beside the run's summary. */
    Replay withSummary(SimResult runSummary) {
        return new Replay(runSummary, receivedAt, startedAt, finishedAt, completed, server);
    }
}
