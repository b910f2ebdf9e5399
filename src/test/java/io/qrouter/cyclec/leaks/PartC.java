package io.qrouter.cyclec.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class PartC {
    public io.qrouter.cycled.leaks.PartD leak;
}
