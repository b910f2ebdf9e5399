package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import java.time.Duration;
import org.apache.flink.api.common.eventtime.Watermark;
import org.apache.flink.api.common.eventtime.WatermarkGenerator;
import org.apache.flink.api.common.eventtime.WatermarkOutput;
import org.apache.flink.api.common.eventtime.WatermarkStrategy;
import org.apache.flink.types.Either;
import org.apache.flink.util.function.SerializableFunction;

/** The event-time watermarks of the job's inputs. */
final class JobWatermarks {
    private JobWatermarks() {}

    /**
     * Control commands have no event time. Their stream reaches the server-update path (per-server
     * state, routers, DSRS, server-metrics), and without watermarks it would hold event time back
     * there for good (DSRS slots would never close): it emits the largest watermark at once, so
     * only the other inputs set event time.
     */
    static WatermarkStrategy<Either<DeadLetter, ControlCommand>> neverHoldsBackEventTime() {
        return WatermarkStrategy.forGenerator(
                context ->
                        new WatermarkGenerator<>() {
                            @Override
                            public void onEvent(
                                    Either<DeadLetter, ControlCommand> event,
                                    long timestamp,
                                    WatermarkOutput output) {}

                            @Override
                            public void onPeriodicEmit(WatermarkOutput output) {
                                output.emitWatermark(new Watermark(Long.MAX_VALUE));
                            }
                        });
    }

    /**
     * Bounded out-of-orderness with idleness, so a silent partition does not stall event time. Dead
     * letters carry no usable event time: they get Long.MIN_VALUE, which never advances the
     * watermark.
     */
    static <T> WatermarkStrategy<Either<DeadLetter, T>> boundedWithIdleness(
            JobConfig config, SerializableFunction<T, Long> eventTime) {
        WatermarkStrategy<Either<DeadLetter, T>> strategy =
                WatermarkStrategy.<Either<DeadLetter, T>>forBoundedOutOfOrderness(
                                Duration.ofMillis(
                                        config.getLong(ConfigKey.WATERMARK_OUT_OF_ORDERNESS_MS)))
                        .withTimestampAssigner(
                                (record, kafkaTimestamp) ->
                                        record.isRight()
                                                ? eventTime.apply(record.right())
                                                : Long.MIN_VALUE);
        long idleness = config.getLong(ConfigKey.WATERMARK_IDLENESS_MS);
        return idleness > 0 ? strategy.withIdleness(Duration.ofMillis(idleness)) : strategy;
    }
}
