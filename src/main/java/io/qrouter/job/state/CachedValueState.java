package io.qrouter.job.state;

import java.io.IOException;
import org.apache.flink.api.common.state.ValueState;

/** A {@link ValueState} in a {@link WriteBackCache}: read from the backend once per cached key. */
final class CachedValueState<T> implements ValueState<T>, CachedState<CachedValueState.Slot<T>> {
    static final class Slot<T> {
        T value;
        boolean dirty;
    }

    private final WriteBackCache cache;
    private final ValueState<T> backing;
    private final int index;

    CachedValueState(WriteBackCache cache, ValueState<T> backing) {
        this.cache = cache;
        this.backing = backing;
        this.index = cache.register(this);
    }

    @Override
    public T value() throws IOException {
        Slot<T> slot = slot(true);
        return slot == null ? backing.value() : slot.value;
    }

    @Override
    public void update(T value) throws IOException {
        Slot<T> slot = slot(false);
        if (slot == null) {
            backing.update(value);
            return;
        }
        slot.value = value;
        slot.dirty = true;
    }

    @Override
    public void clear() {
        try {
            Slot<T> slot = slot(false);
            if (slot == null) {
                backing.clear();
                return;
            }
            slot.value = null;
            slot.dirty = true;
        } catch (IOException e) {
            throw new IllegalStateException("clearing cached keyed state failed", e);
        }
    }

    /**
     * The current key's slot ({@code load}: with the backend's value if the key is new); null if
     * the key is not cached.
     */
    @SuppressWarnings("unchecked")
    private Slot<T> slot(boolean load) throws IOException {
        Object[] slots = cache.slots();
        if (slots == null) {
            return null;
        }
        Slot<T> slot = (Slot<T>) slots[index];
        if (slot == null) {
            slot = new Slot<>();
            if (load) {
                slot.value = backing.value();
            }
            slots[index] = slot;
        }
        return slot;
    }

    @Override
    public boolean dirty(Slot<T> slot) {
        return slot.dirty;
    }

    @Override
    public void write(Slot<T> slot) throws Exception {
        if (slot.value == null) {
            backing.clear();
        } else {
            backing.update(slot.value);
        }
        slot.dirty = false;
    }
}
