package io.qrouter.job.state;

import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.MapState;
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

                @Override
                public <T> ListState<T> list(ListState<T> state) {
                    return state;
                }

                @Override
                public <K, V> MapState<K, V> map(MapState<K, V> state) {
                    return state;
                }
            };

    <T> ValueState<T> value(ValueState<T> state);

    <T> ListState<T> list(ListState<T> state);

    <K, V> MapState<K, V> map(MapState<K, V> state);

    /**
     * Whether the records from now on bring their keys into the cache, if there is one (by default
     * they do).
     */
    default void admitNewKeys(boolean admit) {}
}
