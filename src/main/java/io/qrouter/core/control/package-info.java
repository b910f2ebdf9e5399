/**
 * Live operation of the router, without Flink, Kafka or Avro: what an operator's command means
 * ({@link io.qrouter.core.control.ControlAction}), how it changes the administrative state ({@link
 * io.qrouter.core.control.ControlState}, refused with the reason when invalid), and how it is
 * authenticated ({@link io.qrouter.core.control.CommandSignature}). The job's control operators
 * apply it through broadcast state.
 */
package io.qrouter.core.control;
