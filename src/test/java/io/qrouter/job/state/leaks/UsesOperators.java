package io.qrouter.job.state.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesOperators {
    public io.qrouter.job.operators.RouterFunction leak;
}
