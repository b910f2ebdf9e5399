package io.qrouter.job.state;

import java.util.ArrayList;
import java.util.List;
import org.apache.flink.api.common.state.ListState;

/**
 * A {@link ListState} in a {@link WriteBackCache}: the key's list is read from the backend once,
 * then kept whole on the heap and written back whole.
 */
final class CachedListState<T> implements ListState<T>, CachedState<CachedListState.Slot<T>> {
    static final class Slot<T> {
        final List<T> values = new ArrayList<>();
        boolean dirty;
    }

    private final WriteBackCache cache;
    private final ListState<T> backing;
    private final int index;

    CachedListState(WriteBackCache cache, ListState<T> backing) {
        this.cache = cache;
        this.backing = backing;
        this.index = cache.register(this);
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
        Slot<T> slot = slot(true);
        if (slot == null) {
            backing.addAll(values);
            return;
        }
        slot.values.addAll(values);
        slot.dirty = true;
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

    /**
     * The current key's slot ({@code load}: with the backend's list if the key is new); null if the
     * key is not cached.
     */
    @SuppressWarnings("unchecked")
    private Slot<T> slot(boolean load) throws Exception {
        Object[] slots = cache.slots();
        if (slots == null) {
            return null;
        }
        Slot<T> slot = (Slot<T>) slots[index];
        if (slot == null) {
            slot = new Slot<>();
            Iterable<T> stored = load ? backing.get() : null;
            if (stored != null) {
                stored.forEach(slot.values::add);
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
        if (slot.values.isEmpty()) {
            backing.clear();
        } else {
            backing.update(new ArrayList<>(slot.values));
        }
        slot.dirty = false;
    }
}
