package io.qrouter.job.config.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesRecords {
    public io.qrouter.job.records.ServerUpdate leak;
}
