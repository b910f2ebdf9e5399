package io.qrouter.core.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesTheJob {
    public io.qrouter.job.config.TopicNames leak;
}
