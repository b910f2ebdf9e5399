package io.qrouter.queueing;

import java.util.Objects;
import java.util.Optional;

/**
 * The answer to "what does this queue look like in the long run?": its metrics, or the reason it has no steady
 * state (it grows without bound). An unstable queue is an answer, not an error, and never a NaN or infinity.
 */
public sealed interface SteadyState<T> {

    /** The queue is positive recurrent; {@code metrics} describes its stationary regime. */
    record Stable<T>(T metrics) implements SteadyState<T> {
        public Stable {
            Objects.requireNonNull(metrics, "metrics");
        }
    }

    /** The queue grows without bound; {@code reason} says why, with the numbers, for a human. */
    record Unstable<T>(String reason) implements SteadyState<T> {
        public Unstable {
            Objects.requireNonNull(reason, "reason");
        }
    }

    default boolean isStable() {
        return this instanceof Stable;
    }

    /** The metrics when stable, empty otherwise. */
    default Optional<T> stable() {
        return this instanceof Stable<T> s ? Optional.of(s.metrics()) : Optional.empty();
    }

    /** The metrics; throws {@link IllegalStateException} with the reason when unstable. */
    default T orElseThrow() {
        if (this instanceof Unstable<T> u) {
            throw new IllegalStateException("unstable queue: " + u.reason());
        }
        return ((Stable<T>) this).metrics();
    }
}
