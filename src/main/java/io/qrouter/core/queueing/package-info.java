/**
 * The per-server queueing mathematics of qrouter, exact and free of Flink and Kafka.
 *
 * <p>Models: {@link io.qrouter.core.queueing.ChainP} (the seed paper's chain with corrected closed
 * forms), {@link io.qrouter.core.queueing.ErlangA} (M/M/c+M, true impatience on c slots, the
 * default model of the load index) and its one-slot case {@link
 * io.qrouter.core.queueing.RenegingQueue} (M/M/1+M), {@link io.qrouter.core.queueing.GiM1} (general
 * interarrivals, no reneging), a general level-independent {@link
 * io.qrouter.core.queueing.QbdSolver}, the load index {@link io.qrouter.core.queueing.LoadIndex}
 * (Eq. 53) and the fleet metrics {@link io.qrouter.core.queueing.FleetBalance} (Eq. 55-57). {@link
 * io.qrouter.core.queueing.PaperPrintedFormulas} keeps the paper's wrong closed forms only to
 * reproduce its figures.
 *
 * <p>Rates are in any consistent unit (per second in the docs); times come out in the reciprocal
 * unit. A queue without a steady state is a {@link io.qrouter.core.queueing.SteadyState.Unstable},
 * never NaN or infinity.
 */
package io.qrouter.core.queueing;
