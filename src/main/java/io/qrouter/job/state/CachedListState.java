package io.qrouter.job.state;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.ListState;

/**
 * A {@link ListState} in a {@link WriteBackCache}: the key's list is read from the backend once,
 * then kept whole on the heap and written back whole.
 */
final class CachedListState<T> extends CachedState<CachedListState.Slot<T>, ListState<T>>
        implements ListState<T> {
    static final class Slot<T> {
        final List<T> values = new ArrayList<>();
        boolean dirty;
    }

    CachedListState(WriteBackCache cache, ListState<T> backing) {
        super(cache, backing);
    }

    /** The key's values (the cached list itself, as the heap backend's is). */
    @Override
    public Iterable<T> get() throws Exception {
        Slot<T> slot = slot(true);
        return slot == null ? backing.get() : slot.values;
    }

    @Override
    public void add(T value) throws Exception {
        Slot<T> slot = slot(true);
        if (slot == null) {
            backing.add(value);
            return;
        }
        slot.values.add(value);
        slot.dirty = true;
    }

    @Override
    public void addAll(List<T> values) throws Exception {
        for (T value : values) {
            add(value);
        }
    }

    @Override
    public void update(List<T> values) throws Exception {
        Slot<T> slot = slot(false);
        if (slot == null) {
            backing.update(values);
            return;
        }
        if (values != slot.values) {
            slot.values.clear();
            slot.values.addAll(values);
        }
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
            slot.values.clear();
            slot.dirty = true;
        } catch (Exception e) {
            throw new IllegalStateException("clearing cached keyed state failed", e);
        }
    }

    @Override
    Slot<T> newSlot(boolean load) throws Exception {
        Slot<T> slot = new Slot<>();
        Iterable<T> stored = load ? backing.get() : null;
        if (stored != null) {
            stored.forEach(slot.values::add);
        }
        return slot;
    }

    @Override
    boolean dirty(Slot<T> slot) {
        return slot.dirty;
    }

    @Override
    void write(Slot<T> slot) throws Exception {
        if (slot.values.isEmpty()) {
            backing.clear();
        } else {
            backing.update(new ArrayList<>(slot.values));
        }
        slot.dirty = false;
    }
}
