/**
 * {@code qrouter demo}: everything on one machine. An embedded Kafka broker, the Flink job on a
 * local MiniCluster with its web UI, and the simulated fleet, started and stopped together, leaving
 * no process or large file behind.
 */
package io.qrouter.tools.demo;
