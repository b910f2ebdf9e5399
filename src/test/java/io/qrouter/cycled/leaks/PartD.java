package io.qrouter.cycled.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class PartD {
    public io.qrouter.cyclec.leaks.PartC leak;
}
