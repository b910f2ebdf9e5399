package io.qrouter.job;

/**
 * A server's estimates and the queueing metrics computed from them, as they go into {@code ServerMetrics}, the
 * heartbeat log and the {@link ServerSnapshot}. Every figure is {@code null} while unknown; {@code overloaded}
 * says that the model has no steady state at these rates (then the metrics and K are null, never infinite).
 */
record QueueFigures(
        String model,
        Double lambda,
        Double mu,
        Double alphaC,
        Double eta,
        Double exitRateTheta,
        Double rho,
        boolean overloaded,
        Double meanWaiting,
        Double meanWait,
        Double virtualWait,
        Double abandonProbability,
        Double loadIndexK) {

    static QueueFigures unknown(String model) {
        return new QueueFigures(model, null, null, null, null, null, null, false, null, null, null, null, null);
    }
}
