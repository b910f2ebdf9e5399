package io.qrouter.tools.fleet.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesBench {
    public io.qrouter.bench.BenchedJob leak;
}
