package io.qrouter.job.state;

import org.apache.flink.api.common.state.ValueState;

/**
 * What a keyed function puts between itself and its keyed states: nothing ({@link #DIRECT}, or
 * {@link #HEAP} on the heap backend, whose states are heap objects already) or a {@link
 * WriteBackCache}.
 */
public interface StateCaching {
    /** The states themselves. */
    StateCaching DIRECT = new StateCaching() {};

    /**
     * The states themselves, on the heap backend: a value read is the stored object (Flink copies
     * it first if a running checkpoint still holds it), so a change made to it in place is stored.
     */
    StateCaching HEAP =
            new StateCaching() {
                @Override
                public boolean changesInPlaceAreStored() {
                    return true;
                }
            };

    /** What the function reads and writes {@code state} through: by default, the state itself. */
    default <T> ValueState<T> value(ValueState<T> state) {
        return state;
    }

    /**
     * Whether a value read and changed in place needs no update to be stored (on the heap it does
     * not, and the update is a second lookup in a table of every key).
     */
    default boolean changesInPlaceAreStored() {
        return false;
    }

    /**
     * Whether the records from now on bring their keys into the cache, if there is one (by default
     * they do).
     */
    default void admitNewKeys(boolean admit) {}
}
