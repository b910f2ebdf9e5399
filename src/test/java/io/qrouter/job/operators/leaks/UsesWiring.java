package io.qrouter.job.operators.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesWiring {
    public io.qrouter.job.QrouterJob leak;
}
