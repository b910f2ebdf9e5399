package io.qrouter.job.operators.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class ReadsConfig {
    public io.qrouter.job.config.JobConfig leak;
}
