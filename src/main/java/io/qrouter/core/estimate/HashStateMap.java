package io.qrouter.core.estimate;

import java.util.HashMap;
import java.util.Map;

/** A {@link StateMap} on the heap: what the simulator and tests use. */
public final class HashStateMap<K, V> implements StateMap<K, V> {
    private final Map<K, V> map = new HashMap<>();

    @Override
    public V get(K key) {
        return map.get(key);
    }

    @Override
    public void put(K key, V value) {
        map.put(key, value);
    }

    @Override
    public void remove(K key) {
        map.remove(key);
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() {
        return map.entrySet();
    }
}
