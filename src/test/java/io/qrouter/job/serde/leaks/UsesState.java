package io.qrouter.job.serde.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesState {
    public io.qrouter.job.state.BroadcastStates leak;
}
