package io.qrouter.job.state;

import java.io.IOException;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import org.apache.flink.api.common.state.MapState;

/**
 * A {@link MapState} in a {@link WriteBackCache}. A key's entries are read from the backend one at
 * a time as they are asked for, or all at once by the first iteration (the slot is then {@code
 * complete}); changes are kept per entry and written per entry, so a flush costs the entries that
 * changed, not the map. An entry put and removed between two flushes, which the backend never held,
 * costs the backend nothing. Null values are not stored: putting one removes the entry.
 */
final class CachedMapState<K, V> extends CachedState<CachedMapState.Slot<K, V>, MapState<K, V>>
        implements MapState<K, V> {
    static final class Slot<K, V> {
        /** Entries known on the heap; a null value: known to be absent. */
        final HashMap<K, V> known = new HashMap<>();

        /**
         * Entries changed since the last write, each with whether the backend may hold it (if not,
         * its removal needs no write).
         */
        final HashMap<K, Boolean> changed = new HashMap<>();

        /** Whether {@link #known} holds every entry (read whole, or cleared). */
        boolean complete;

        /** Whether the backend's entries are to be dropped before the changes are written. */
        boolean cleared;
    }

    CachedMapState(WriteBackCache cache, MapState<K, V> backing) {
        super(cache, backing);
    }

    @Override
    public V get(K key) throws Exception {
        Slot<K, V> slot = slot();
        if (slot == null) {
            return backing.get(key);
        }
        V known = slot.known.get(key);
        if (known != null || slot.complete || slot.known.containsKey(key)) {
            return known;
        }
        V stored = backing.get(key);
        slot.known.put(key, stored);
        return stored;
    }

    @Override
    public void put(K key, V value) throws Exception {
        if (value == null) {
            remove(key);
            return;
        }
        Slot<K, V> slot = slot();
        if (slot == null) {
            backing.put(key, value);
            return;
        }
        noteChange(slot, key);
        slot.known.put(key, value);
    }

    @Override
    public void putAll(Map<K, V> entries) throws Exception {
        for (Map.Entry<K, V> entry : entries.entrySet()) {
            put(entry.getKey(), entry.getValue());
        }
    }

    @Override
    public void remove(K key) throws Exception {
        Slot<K, V> slot = slot();
        if (slot == null) {
            backing.remove(key);
            return;
        }
        noteChange(slot, key);
        if (slot.complete) {
            slot.known.remove(key);
        } else {
            slot.known.put(key, null);
        }
    }

    /**
     * Remembers, at the entry's first change since the last write, whether the backend may hold it:
     * not if the heap knows it absent, or knows every entry and not this one.
     */
    private static <K, V> void noteChange(Slot<K, V> slot, K key) {
        if (!slot.changed.containsKey(key)) {
            boolean knownAbsent =
                    slot.complete
                            ? !slot.known.containsKey(key)
                            : slot.known.containsKey(key) && slot.known.get(key) == null;
            slot.changed.put(key, !knownAbsent);
        }
    }

    @Override
    public boolean contains(K key) throws Exception {
        return get(key) != null;
    }

    @Override
    public Iterable<Map.Entry<K, V>> entries() throws Exception {
        Slot<K, V> slot = complete();
        return slot == null ? backing.entries() : slot.known.entrySet();
    }

    @Override
    public Iterable<K> keys() throws Exception {
        Slot<K, V> slot = complete();
        return slot == null ? backing.keys() : slot.known.keySet();
    }

    @Override
    public Iterable<V> values() throws Exception {
        Slot<K, V> slot = complete();
        return slot == null ? backing.values() : slot.known.values();
    }

    @Override
    public Iterator<Map.Entry<K, V>> iterator() throws Exception {
        Slot<K, V> slot = complete();
        return slot == null ? backing.iterator() : slot.known.entrySet().iterator();
    }

    @Override
    public boolean isEmpty() throws Exception {
        Slot<K, V> slot = complete();
        return slot == null ? backing.isEmpty() : slot.known.isEmpty();
    }

    @Override
    public void clear() {
        try {
            Slot<K, V> slot = slot();
            if (slot == null) {
                backing.clear();
                return;
            }
            slot.known.clear();
            slot.changed.clear();
            slot.complete = true;
            slot.cleared = true;
        } catch (Exception e) {
            throw new IllegalStateException("clearing cached keyed state failed", e);
        }
    }

    /**
     * The current key's slot, holding every entry (read from the backend if it did not yet); null
     * if the key is not cached.
     */
    private Slot<K, V> complete() throws Exception {
        Slot<K, V> slot = slot();
        if (slot != null && !slot.complete) {
            Iterable<Map.Entry<K, V>> stored = backing.entries();
            if (stored != null) {
                for (Map.Entry<K, V> entry : stored) {
                    // what the heap knows (changed, or known absent: a null, which putIfAbsent
                    // would overwrite) is newer than the backend
                    if (!slot.known.containsKey(entry.getKey())) {
                        slot.known.put(entry.getKey(), entry.getValue());
                    }
                }
            }
            slot.known.values().removeIf(v -> v == null);
            slot.complete = true;
        }
        return slot;
    }

    /** The current key's slot; null if the key is not cached. */
    private Slot<K, V> slot() throws IOException {
        return slot(false);
    }

    /** Entries are read one at a time as they are asked for, or all at the first iteration. */
    @Override
    Slot<K, V> newSlot(boolean load) {
        return new Slot<>();
    }

    @Override
    boolean dirty(Slot<K, V> slot) {
        return slot.cleared || !slot.changed.isEmpty();
    }

    @Override
    void write(Slot<K, V> slot) throws Exception {
        if (slot.cleared) {
            backing.clear();
            slot.cleared = false;
        }
        for (Map.Entry<K, Boolean> change : slot.changed.entrySet()) {
            V value = slot.known.get(change.getKey());
            if (value != null) {
                backing.put(change.getKey(), value);
            } else if (change.getValue()) {
                backing.remove(change.getKey());
            }
        }
        slot.changed.clear();
        if (!slot.complete) {
            // what is known absent is absent in the backend now: no need to keep saying so
            slot.known.values().removeIf(v -> v == null);
        }
    }
}
