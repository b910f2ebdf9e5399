package io.qrouter.tools.sim.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesKafka {
    public org.apache.kafka.clients.producer.ProducerRecord<String, String> leak;
}
