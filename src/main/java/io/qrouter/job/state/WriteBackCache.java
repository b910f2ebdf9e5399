package io.qrouter.job.state;

import io.qrouter.core.text.Printable;
import java.io.IOException;
import java.util.ArrayList;
import java.util.Iterator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.streaming.api.operators.KeyContext;

/**
 * Keyed state kept on the heap between checkpoints, in front of a backend where every access is a
 * serialisation and a native call (RocksDB). A key's state is read from the backend once, when the
 * key enters the cache; its changes stay on the heap and reach the backend at the next checkpoint
 * ({@link #flush}, which the operator calls as it snapshots, before the backend's own snapshot), or
 * when the key leaves the cache to make room for another (least recently used first). The state a
 * function sees is the heap backend's: the same objects, changed in place.
 *
 * <p>The cache holds at most {@code maxKeys} keys, so memory stays bounded where the state is
 * larger than the heap. A server's many events between two checkpoints cost one write of its state
 * at the checkpoint.
 *
 * <p>Not thread-safe: one operator's task thread uses it, as it uses the keyed backend.
 */
public final class WriteBackCache implements StateCaching {
    private final int maxKeys;
    private final KeyContext keyContext;
    private final List<CachedState<Object, ?>> states = new ArrayList<>();

    /** Slots by key (one per state, in registration order), least recently used first. */
    private final LinkedHashMap<Object, Object[]> slotsByKey = new LinkedHashMap<>(64, 0.75f, true);

    private Object lastKey;
    private Object[] lastSlots;
    private long misses;
    private long evictions;
    private boolean admitting = true;

    /** {@code keyContext}: the operator, whose current key is the backend's. */
    public WriteBackCache(int maxKeys, KeyContext keyContext) {
        if (maxKeys < 1) {
            throw new IllegalArgumentException("maxKeys must be at least 1, was " + maxKeys);
        }
        this.maxKeys = maxKeys;
        this.keyContext = keyContext;
    }

    @Override
    public <T> ValueState<T> value(ValueState<T> state) {
        return new CachedValueState<>(this, state);
    }

    /** Adds a state whose slots the cache keeps; returns its index in every key's slots. */
    @SuppressWarnings("unchecked")
    int register(CachedState<?, ?> state) {
        if (!slotsByKey.isEmpty()) {
            throw new IllegalStateException("states are registered before the first record");
        }
        states.add((CachedState<Object, ?>) state);
        return states.size() - 1;
    }

    /**
     * Whether a key not in the cache enters it at its next access, or (false) has its state read
     * and written in the backend directly. A key is either cached with all its states or not at
     * all, so the backend always holds what an uncached key's record needs.
     */
    @Override
    public void admitNewKeys(boolean admit) {
        this.admitting = admit;
    }

    /**
     * The current key's slots, the key entering the cache (and the eldest leaving) if new; null
     * when it is not cached and new keys are not admitted.
     */
    private Object[] slots() throws IOException {
        Object key = keyContext.getCurrentKey();
        if (key == lastKey) {
            return lastSlots;
        }
        Object[] slots = slotsByKey.get(key);
        if (slots == null) {
            if (!admitting) {
                return null;
            }
            misses++;
            slots = new Object[states.size()];
            slotsByKey.put(key, slots);
            if (slotsByKey.size() > maxKeys) {
                evictEldest(key);
            }
        }
        lastKey = key;
        lastSlots = slots;
        return slots;
    }

    /**
     * The current key's slot of state {@code index}, made at the key's first access to that state
     * ({@link CachedState#newSlot}); null when the key is not cached.
     */
    @SuppressWarnings("unchecked")
    <S> S slot(int index, boolean load) throws IOException {
        Object[] slots = slots();
        if (slots == null) {
            return null;
        }
        if (slots[index] == null) {
            try {
                slots[index] = states.get(index).newSlot(load);
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                // keys are server ids as their records carry them: the message ends up in logs
                throw new IOException(
                        "reading keyed state for key "
                                + Printable.of(String.valueOf(lastKey))
                                + " failed",
                        e);
            }
        }
        return (S) slots[index];
    }

    private void evictEldest(Object currentKey) throws IOException {
        Iterator<Map.Entry<Object, Object[]>> eldest = slotsByKey.entrySet().iterator();
        Map.Entry<Object, Object[]> entry = eldest.next();
        if (isDirty(entry.getValue())) {
            keyContext.setCurrentKey(entry.getKey());
            try {
                write(entry.getValue());
            } catch (IOException e) {
                throw e;
            } catch (Exception e) {
                throw new IOException(
                        "writing the state of key "
                                + Printable.of(String.valueOf(entry.getKey()))
                                + " failed",
                        e);
            } finally {
                keyContext.setCurrentKey(currentKey);
            }
        }
        eldest.remove();
        evictions++;
    }

    /**
     * Writes every change held on the heap to the backend; the keys stay cached, now clean. Call
     * before every snapshot.
     */
    public void flush() throws Exception {
        Object currentKey = keyContext.getCurrentKey();
        boolean moved = false;
        for (Map.Entry<Object, Object[]> entry : slotsByKey.entrySet()) {
            if (isDirty(entry.getValue())) {
                keyContext.setCurrentKey(entry.getKey());
                moved = true;
                write(entry.getValue());
            }
        }
        if (moved && currentKey != null) {
            keyContext.setCurrentKey(currentKey);
        }
    }

    /** Keys on the heap now. */
    public int size() {
        return slotsByKey.size();
    }

    /** Keys that entered the cache so far (each read its state from the backend). */
    public long misses() {
        return misses;
    }

    /** Keys that left the cache to make room so far. */
    public long evictions() {
        return evictions;
    }

    private boolean isDirty(Object[] slots) {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null && states.get(i).dirty(slots[i])) {
                return true;
            }
        }
        return false;
    }

    private void write(Object[] slots) throws Exception {
        for (int i = 0; i < slots.length; i++) {
            if (slots[i] != null && states.get(i).dirty(slots[i])) {
                states.get(i).write(slots[i]);
            }
        }
    }
}
