package io.qrouter.job.records.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesConvert {
    public io.qrouter.job.convert.QueueFigures leak;
}
