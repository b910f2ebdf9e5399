package io.qrouter.job.cyclea.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class RoomA {
    public io.qrouter.job.cycleb.leaks.RoomB leak;
}
