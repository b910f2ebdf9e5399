package io.qrouter.core.queueing.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesPolicy {
    public io.qrouter.core.policy.PolicyName leak;
}
