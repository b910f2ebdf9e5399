/**
 * Kafka plumbing shared by the job's tests, the fleet and the demo: Avro (de)serialisation of the
 * generated {@code io.qrouter.avro} records, the default topic names, and a real in-process KRaft
 * broker. Imports Kafka, never Flink.
 */
package io.qrouter.tools.kafka;
