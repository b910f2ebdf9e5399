package io.qrouter.job;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.HeartbeatLog;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.avro.ServerMetrics;
import io.qrouter.avro.SlotAssignment;
import org.apache.flink.api.connector.sink2.Sink;

/**
 * The job's six outputs; production uses {@link KafkaConnectors#sinks}, tests may pass any {@link
 * Sink}.
 */
public record JobSinks(
        Sink<RoutingDecision> decisions,
        Sink<ServerMetrics> serverMetrics,
        Sink<HeartbeatLog> heartbeatLog,
        Sink<SlotAssignment> dsrsAssignments,
        Sink<DeadLetter> deadLetters,
        Sink<ControlLogEntry> controlLog) {}
