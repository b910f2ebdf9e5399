package io.qrouter.job.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesTools {
    public io.qrouter.tools.kafka.Topics leak;
}
