/**
 * Windowed per-server estimators of the queueing rates (seed 000, Eq. 1-2): arrival rate lambda,
 * service rate mu, abandonment rate alphaC, recovery rate eta, and interarrival samples for an
 * empirical GI/M/1. Fed with task lifecycle events by the Flink job and the simulator through
 * {@link io.qrouter.core.estimate.ServerEstimators}; no Flink or Kafka imports. The state classes
 * are Flink POJOs so the job can keep them in keyed state.
 */
package io.qrouter.core.estimate;
