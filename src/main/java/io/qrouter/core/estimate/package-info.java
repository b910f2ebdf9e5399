/**
 * Windowed per-server estimators of the queueing rates (seed 000, Eq. 1-2): arrival rate lambda,
 * service rate mu, abandonment rate alphaC, recovery rate eta, and the recent wait and service the
 * model-free peers read. Fed with task lifecycle events by the Flink job and the simulator through
 * {@link io.qrouter.core.estimate.ServerEstimators}; no Flink or Kafka imports. The state classes
 * have no-argument constructors and setters, for the job's serializers of keyed state.
 */
package io.qrouter.core.estimate;
