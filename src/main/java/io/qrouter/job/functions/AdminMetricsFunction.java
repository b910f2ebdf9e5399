package io.qrouter.job.functions;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.control.ControlState;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Adds each server's administrative state (active, draining, drained, maintenance, ejected) and
 * weight, from the broadcast {@link ControlState}, to its {@code server-metrics} records.
 */
public class AdminMetricsFunction
        extends BroadcastProcessFunction<ServerMetrics, ControlState, ServerMetrics> {
    private static final long serialVersionUID = 1L;

    @Override
    public void processElement(
            ServerMetrics metrics, ReadOnlyContext ctx, Collector<ServerMetrics> out)
            throws Exception {
        ControlState control = AdminStamp.control(ctx.getBroadcastState(BroadcastStates.CONTROL));
        String id = metrics.getServerId();
        metrics.setAdminState(AdminStamp.displayState(control, id, metrics.getQueueLength() == 0));
        metrics.setAdminWeight(AdminStamp.weight(control, id));
        out.collect(metrics);
    }

    @Override
    public void processBroadcastElement(
            ControlState control, Context ctx, Collector<ServerMetrics> out) throws Exception {
        ctx.getBroadcastState(BroadcastStates.CONTROL).put(ControlFunction.KEY, control);
    }
}
