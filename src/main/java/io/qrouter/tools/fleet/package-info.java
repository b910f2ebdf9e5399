/**
 * The simulated server fleet: a Kafka client program (no Flink) that produces task requests,
 * consumes the job's routing decisions, serves the tasks on N simulated servers in real time, and
 * reports lifecycle events and heartbeats back. Used by {@code qrouter fleet} against any Kafka,
 * and by {@code qrouter demo}.
 */
package io.qrouter.tools.fleet;
