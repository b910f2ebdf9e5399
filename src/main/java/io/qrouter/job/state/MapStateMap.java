package io.qrouter.job.state;

import io.qrouter.core.estimate.StateMap;
import java.util.Map;
import org.apache.flink.api.common.state.MapState;

/**
 * A keyed {@link MapState} as the estimators' {@link StateMap}: each entry is stored apart (under
 * RocksDB a read or write costs that entry's bytes only). Flink's checked exceptions become
 * unchecked: a state backend failure fails the task, as it would anyway.
 */
final class MapStateMap<K, V> implements StateMap<K, V> {
    private final MapState<K, V> state;

    MapStateMap(MapState<K, V> state) {
        this.state = state;
    }

    @Override
    public V get(K key) {
        try {
            return state.get(key);
        } catch (Exception e) {
            throw new IllegalStateException("reading keyed map state failed", e);
        }
    }

    @Override
    public void put(K key, V value) {
        try {
            state.put(key, value);
        } catch (Exception e) {
            throw new IllegalStateException("writing keyed map state failed", e);
        }
    }

    @Override
    public void remove(K key) {
        try {
            state.remove(key);
        } catch (Exception e) {
            throw new IllegalStateException("writing keyed map state failed", e);
        }
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        try {
            return state.entries();
        } catch (Exception e) {
            throw new IllegalStateException("reading keyed map state failed", e);
        }
    }

    void clear() {
        state.clear();
    }
}
