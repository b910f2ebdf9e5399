package io.qrouter.job.operators;

import io.qrouter.avro.DeadLetter;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.functions.RichMapFunction;
import org.apache.flink.metrics.Counter;

/**
 * Counts every dead letter of the job (bad input and undeliverable tasks) on their way out: metric
 * {@code deadLetters}.
 */
public final class CountDeadLetters extends RichMapFunction<DeadLetter, DeadLetter> {
    private static final long serialVersionUID = 1L;

    transient Counter deadLetters;

    @Override
    public void open(OpenContext openContext) {
        deadLetters = getRuntimeContext().getMetricGroup().counter("deadLetters");
    }

    @Override
    public DeadLetter map(DeadLetter value) {
        deadLetters.inc();
        return value;
    }
}
