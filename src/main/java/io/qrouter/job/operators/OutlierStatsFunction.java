package io.qrouter.job.operators;

import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskEventType;
import io.qrouter.core.control.OutlierSettings;
import io.qrouter.job.records.ServerSignal;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.PrimitiveArrayTypeInfo;
import org.apache.flink.streaming.api.functions.KeyedProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Per server (keyed by server id): counts COMPLETED and FAILED tasks, and failures in a row.
 * Reports the counts to the control operator at the end of each outlier-detection interval
 * (processing time), and at once when the failures in a row reach the consecutive-failure
 * threshold, so an ejection does not wait for the interval.
 */
public class OutlierStatsFunction extends KeyedProcessFunction<String, TaskEvent, ServerSignal> {
    private static final long serialVersionUID = 1L;

    private final OutlierSettings settings;

    /** successes, failures of the interval; failures in a row; interval end (0: no timer). */
    private transient ValueState<long[]> counts;

    public OutlierStatsFunction(OutlierSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        counts =
                getRuntimeContext()
                        .getState(
                                new ValueStateDescriptor<>(
                                        "outlier-counts",
                                        PrimitiveArrayTypeInfo.LONG_PRIMITIVE_ARRAY_TYPE_INFO));
    }

    @Override
    public void processElement(TaskEvent event, Context ctx, Collector<ServerSignal> out)
            throws Exception {
        TaskEventType type = event.getType();
        if (type != TaskEventType.COMPLETED && type != TaskEventType.FAILED) {
            return;
        }
        long[] c = counts.value() != null ? counts.value() : new long[4];
        if (type == TaskEventType.COMPLETED) {
            c[0]++;
            c[2] = 0;
        } else {
            c[1]++;
            c[2]++;
            if (c[2] == settings.consecutiveFailures()) {
                out.collect(
                        ServerSignal.counts(
                                ServerSignal.FAILING, ctx.getCurrentKey(), c[0], c[1], (int) c[2]));
            }
        }
        if (c[3] == 0) {
            c[3] = ctx.timerService().currentProcessingTime() + settings.intervalMillis();
            ctx.timerService().registerProcessingTimeTimer(c[3]);
        }
        counts.update(c);
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<ServerSignal> out)
            throws Exception {
        long[] c = counts.value();
        if (c == null) {
            return;
        }
        out.collect(
                ServerSignal.counts(
                        ServerSignal.COUNTS, ctx.getCurrentKey(), c[0], c[1], (int) c[2]));
        counts.update(new long[] {0, 0, c[2], 0});
    }
}
