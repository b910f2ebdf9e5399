package io.qrouter.core.estimate;

import java.util.Map;

/**
 * A map the estimators keep part of a server's state in: in memory for the simulator ({@link
 * HashStateMap}), keyed Flink MapState in the job, where every entry is stored on its own, so an
 * event reads and writes only the entries it changes instead of the whole window. A value read and
 * changed must be put back.
 */
public interface StateMap<K, V> {
    /** The value, or null. */
    V get(K key);

    void put(K key, V value);

    void remove(K key);

    /** Every entry, in no particular order (do not change the map while iterating). */
    Iterable<Map.Entry<K, V>> entries();
}
