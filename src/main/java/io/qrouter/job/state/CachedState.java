package io.qrouter.job.state;

import java.io.IOException;
import org.apache.flink.api.common.state.State;

/**
 * One keyed state as the {@link WriteBackCache} holds it: per cached key a slot of type {@code S}
 * on the heap, which {@link #write} puts into the backing state {@code B} (under the key the
 * backend is set to).
 */
abstract class CachedState<S, B extends State> {
    final B backing;
    private final WriteBackCache cache;
    private final int index;

    CachedState(WriteBackCache cache, B backing) {
        this.cache = cache;
        this.backing = backing;
        this.index = cache.register(this);
    }

    /**
     * The current key's slot, made at the key's first access to this state ({@code load}: holding
     * what the backend has; else the access overwrites it); null when the key is not cached.
     */
    final S slot(boolean load) throws IOException {
        return cache.slot(index, load);
    }

    /** A new slot for the current key (see {@link #slot}). */
    abstract S newSlot(boolean load) throws Exception;

    /** Whether the slot holds changes the backing state has not seen. */
    abstract boolean dirty(S slot);

    /** Writes the slot's changes to the backing state for the backend's current key. */
    abstract void write(S slot) throws Exception;
}
