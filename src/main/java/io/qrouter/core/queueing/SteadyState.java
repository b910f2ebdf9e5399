package io.qrouter.core.queueing;

import java.util.Objects;
import java.util.Optional;
import java.util.function.Function;

/**
 * The answer to "what does this queue look like in the long run?": its metrics; or the reason it
 * has no steady state (it grows without bound); or the reason its steady state is out of numerical
 * reach. Each is an answer, not an error, and never a NaN or infinity: a caller tells them apart by
 * type, so a bad-input bug (which throws) can never pass for an overloaded queue.
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

    /**
     * A steady state exists but computing it is out of reach: e.g. M/M/1+M with an abandonment rate
     * so small for the load that its series' mode lies beyond the terms the sum may take. Routing
     * treats it as overloaded.
     */
    record OutOfReach<T>(String reason) implements SteadyState<T> {
        public OutOfReach {
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

    /**
     * Why there are no metrics, for a human ("unstable: …" or "out of reach: …"); empty when
     * stable.
     */
    default Optional<String> whyNoMetrics() {
        if (this instanceof Unstable<T> u) {
            return Optional.of("unstable: " + u.reason());
        }
        if (this instanceof OutOfReach<T> o) {
            return Optional.of("out of reach: " + o.reason());
        }
        return Optional.empty();
    }

    /** The same answer with the metrics mapped by {@code f}; a reason passes through as it is. */
    default <U> SteadyState<U> map(Function<? super T, ? extends U> f) {
        if (this instanceof Stable<T> s) {
            return new Stable<>(f.apply(s.metrics()));
        }
        if (this instanceof Unstable<T> u) {
            return new Unstable<>(u.reason());
        }
        return new OutOfReach<>(((OutOfReach<T>) this).reason());
    }

    /** The metrics; throws {@link IllegalStateException} with the reason when there are none. */
    default T orElseThrow() {
        if (this instanceof Stable<T> s) {
            return s.metrics();
        }
        throw new IllegalStateException("no steady-state metrics: " + whyNoMetrics().orElseThrow());
    }
}
