package io.qrouter.job.state;

import java.io.IOException;
import org.apache.flink.api.common.state.ValueState;

/** A {@link ValueState} in a {@link WriteBackCache}: read from the backend once per cached key. */
final class CachedValueState<T> extends CachedState<CachedValueState.Slot<T>, ValueState<T>>
        implements ValueState<T> {
    static final class Slot<T> {
        T value;
        boolean dirty;
    }

    CachedValueState(WriteBackCache cache, ValueState<T> backing) {
        super(cache, backing);
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

    @Override
    Slot<T> newSlot(boolean load) throws IOException {
        Slot<T> slot = new Slot<>();
        if (load) {
            slot.value = backing.value();
        }
        return slot;
    }

    @Override
    boolean dirty(Slot<T> slot) {
        return slot.dirty;
    }

    @Override
    void write(Slot<T> slot) throws Exception {
        if (slot.value == null) {
            backing.clear();
        } else {
            backing.update(slot.value);
        }
        slot.dirty = false;
    }
}
