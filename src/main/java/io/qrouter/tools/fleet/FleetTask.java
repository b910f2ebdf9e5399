package io.qrouter.tools.fleet;

/**
 * What a task brings to the server that gets it, drawn when the task is created so that every
 * policy sees the same workload: {@code work} is its service requirement in mean service times
 * (service time = work / mu of the server), {@code patienceSeconds} how long it will wait in a
 * queue before it abandons.
 */
record FleetTask(String taskId, double work, double patienceSeconds) {}
