package io.qrouter.job.serde;

import java.io.Serializable;

/** A validity rule for one input record type. */
@FunctionalInterface
public interface RecordCheck<T> extends Serializable {
    /**
     * @param nowMillis the job's clock, for "absurd future time" checks
     * @return null when the record is usable, else the reason it is not, in words
     */
    String problem(T record, long nowMillis);

    /**
     * This rule, then {@code next} on the records it passes (so {@code next} sees valid fields).
     */
    default RecordCheck<T> then(RecordCheck<T> next) {
        return (record, nowMillis) -> {
            String problem = problem(record, nowMillis);
            return problem != null ? problem : next.problem(record, nowMillis);
        };
    }
}
