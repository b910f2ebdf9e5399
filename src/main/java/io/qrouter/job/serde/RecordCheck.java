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
}
