package io.qrouter.tools.kafka;

/**
 * Where one record sits in Kafka: what a dead letter names as its source, and what a producer
 * learns on send.
 */
public record RecordAddress(String topic, int partition, long offset) {}
