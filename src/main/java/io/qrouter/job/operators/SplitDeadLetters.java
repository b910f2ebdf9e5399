package io.qrouter.job.operators;

import io.qrouter.avro.DeadLetter;
import io.qrouter.job.convert.DeadLetters;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.ProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;

/**
 * Splits a decoded input: usable records go on, dead letters to {@link DeadLetters#TAG}. Also
 * counts late events (metric {@code lateEvents}): records whose event time is already behind the
 * watermark. They are passed on all the same, so the per-server state still learns from them.
 */
public final class SplitDeadLetters<T> extends ProcessFunction<Either<DeadLetter, T>, T> {
    private static final long serialVersionUID = 1L;

    transient Counter lateEvents;

    @Override
    public void open(OpenContext openContext) {
        lateEvents = getRuntimeContext().getMetricGroup().counter("lateEvents");
    }

    @Override
    public void processElement(Either<DeadLetter, T> value, Context ctx, Collector<T> out) {
        if (value.isLeft()) {
            ctx.output(DeadLetters.TAG, value.left());
            return;
        }
        Long eventTime = ctx.timestamp();
        if (eventTime != null && eventTime < ctx.timerService().currentWatermark()) {
            lateEvents.inc();
        }
        out.collect(value.right());
    }
}
