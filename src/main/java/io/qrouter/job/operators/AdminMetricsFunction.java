package io.qrouter.job.operators;

import io.qrouter.avro.ServerMetrics;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.state.BroadcastStates;
import java.util.HashMap;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.streaming.api.functions.co.BroadcastProcessFunction;
import org.apache.flink.util.Collector;

/**
 * Adds each server's administrative state (active, draining, drained, maintenance, ejected) and
 * weight, from the broadcast {@link ControlState}, to its {@code server-metrics} records.
 *
 * <p>The per-server state writes a record only when it shows something new ({@code
 * server.metrics-refresh.ms}), and cannot see the control state. So this keeps the latest record of
 * each live server and, when a control state changes a server's administrative state or weight,
 * writes that record again with the new stamp: draining an idle server shows at once. The records
 * are kept on the heap, not in checkpoints: after a restore a command reaches the records written
 * since (every live server's within one refresh).
 */
public class AdminMetricsFunction
        extends BroadcastProcessFunction<ServerMetrics, ControlState, ServerMetrics> {
    private static final long serialVersionUID = 1L;

    /** The latest record written of each live server, by id. */
    private transient Map<String, ServerMetrics> latest;

    @Override
    public void open(OpenContext openContext) {
        latest = new HashMap<>();
    }

    @Override
    public void processElement(
            ServerMetrics metrics, ReadOnlyContext ctx, Collector<ServerMetrics> out)
            throws Exception {
        stamp(metrics, AdminStamp.control(ctx.getBroadcastState(BroadcastStates.CONTROL)));
        out.collect(metrics);
        if (metrics.getAlive()) {
            latest.put(metrics.getServerId(), metrics);
        } else {
            latest.remove(metrics.getServerId()); // down or gone: it shows alive=false until back
        }
    }

    @Override
    public void processBroadcastElement(
            ControlState control, Context ctx, Collector<ServerMetrics> out) throws Exception {
        ctx.getBroadcastState(BroadcastStates.CONTROL).put(BroadcastStates.CONTROL_KEY, control);
        for (Map.Entry<String, ServerMetrics> entry : latest.entrySet()) {
            ServerMetrics shown = entry.getValue();
            String id = shown.getServerId();
            String state = AdminStamp.displayState(control, id, shown.getQueueLength() == 0);
            double weight = AdminStamp.weight(control, id);
            if (!state.equals(shown.getAdminState()) || weight != shown.getAdminWeight()) {
                // a copy: the record written before may still be held downstream
                ServerMetrics again = ServerMetrics.newBuilder(shown).build();
                again.setAdminState(state);
                again.setAdminWeight(weight);
                out.collect(again);
                entry.setValue(again);
            }
        }
    }

    private static void stamp(ServerMetrics metrics, ControlState control) {
        String id = metrics.getServerId();
        metrics.setAdminState(AdminStamp.displayState(control, id, metrics.getQueueLength() == 0));
        metrics.setAdminWeight(AdminStamp.weight(control, id));
    }
}
