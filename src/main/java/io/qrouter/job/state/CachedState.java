package io.qrouter.job.state;

/**
 * One keyed state as the {@link WriteBackCache} holds it: per key a slot of type {@code S} on the
 * heap, which {@link #write} puts into the backing state (under the key the backend is set to).
 */
interface CachedState<S> {
    /** Whether the slot holds changes the backing state has not seen. */
    boolean dirty(S slot);

    /** Writes the slot's changes to the backing state for the backend's current key. */
    void write(S slot) throws Exception;
}
