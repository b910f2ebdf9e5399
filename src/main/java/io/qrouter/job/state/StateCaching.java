package io.qrouter.job.state;

import org.apache.flink.api.common.state.ValueState;

/**
 * What a keyed function puts between itself and its keyed states: nothing ({@link #DIRECT}, on the
 * heap backend, whose states are heap objects already) or a {@link WriteBackCache}.
 */
public interface StateCaching {
    /** The states themselves. */
    StateCaching DIRECT =
            new StateCaching() {
                @Override
                public <T> ValueState<T> value(ValueState<T> state) {
                    return state;
                }
            };

    <T> ValueState<T> value(ValueState<T> state);

    /**
     * Whether the records from now on bring their keys into the cache, if there is one (by default
     * they do).
     */
    default void admitNewKeys(boolean admit) {}
}
