package io.qrouter.job;

import io.qrouter.core.control.ControlState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.state.BroadcastStates;
import java.util.List;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.streaming.api.operators.co.CoBroadcastWithKeyedOperator;
import org.apache.flink.streaming.util.KeyedBroadcastOperatorTestHarness;
import org.apache.flink.types.Either;

/**
 * The harness of an operator that routes (router, GA, DSRS): its broadcast input brings server
 * updates and control states as the job's feed does, each by its own name here.
 */
public class FeedHarness<K, IN, OUT>
        extends KeyedBroadcastOperatorTestHarness<K, IN, Either<ServerUpdate, ControlState>, OUT> {

    FeedHarness(
            KeyedBroadcastProcessFunction<K, IN, Either<ServerUpdate, ControlState>, OUT> function,
            KeySelector<IN, K> key,
            TypeInformation<K> keyType,
            MapStateDescriptor<?, ?> servers,
            int parallelism,
            int subtask)
            throws Exception {
        super(
                new CoBroadcastWithKeyedOperator<>(
                        function, List.of(servers, BroadcastStates.CONTROL)),
                key,
                keyType,
                Harnesses.MAX_PARALLELISM,
                parallelism,
                subtask);
    }

    /** A server's update, as the per-server state sends it (not stamped). */
    public void processBroadcastElement(ServerUpdate update, long timestamp) throws Exception {
        processBroadcastElement(Either.Left(update), timestamp);
    }

    /** A new control state, as the control operator sends it. */
    public void processControl(ControlState control, long timestamp) throws Exception {
        processBroadcastElement(Either.Right(control), timestamp);
    }
}
