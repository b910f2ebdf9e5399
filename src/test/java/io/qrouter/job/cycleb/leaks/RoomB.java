package io.qrouter.job.cycleb.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class RoomB {
    public io.qrouter.job.cyclea.leaks.RoomA leak;
}
