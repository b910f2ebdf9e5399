package io.qrouter.tools.fleet;

import io.qrouter.avro.TaskEventType;

/**
 * Receives the lifecycle events of a simulated server, at the simulated time (seconds) they happen.
 */
@FunctionalInterface
interface TaskEventSink {
    void on(String serverId, String taskId, TaskEventType type, double atSeconds);
}
