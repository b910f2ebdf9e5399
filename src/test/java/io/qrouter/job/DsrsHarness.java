package io.qrouter.job;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.avro.TaskRequest;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.SlotArrivals;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;

/**
 * The DSRS path of the job under test harnesses: tasks go to an arrival counter (the first, or the
 * one named), the counters' output and watermarks go to the keyed DSRS step in the order the
 * network would deliver them (each counter's counts before its watermark), and the DSRS step's
 * watermark is the smallest of the counters'.
 */
public final class DsrsHarness implements AutoCloseable {
    private final List<OneInputStreamOperatorTestHarness<TaskRequest, SlotArrivals>> counters;
    private final FeedHarness<String, SlotArrivals, SlotAssignment> dsrs;
    private final long[] counterWatermarks;

    /** Records the keyed step received, to show what the counters saved it. */
    private int slotArrivalsReceived;

    public DsrsHarness(
            List<OneInputStreamOperatorTestHarness<TaskRequest, SlotArrivals>> counters,
            FeedHarness<String, SlotArrivals, SlotAssignment> dsrs) {
        this.counters = counters;
        this.dsrs = dsrs;
        this.counterWatermarks = new long[counters.size()];
        java.util.Arrays.fill(counterWatermarks, Long.MIN_VALUE);
    }

    public void processElement(TaskRequest task, long timestamp) throws Exception {
        processElement(0, task, timestamp);
    }

    public void processElement(int counter, TaskRequest task, long timestamp) throws Exception {
        counters.get(counter).processElement(task, timestamp);
        forward(counter);
    }

    public void processBroadcastElement(ServerUpdate update, long timestamp) throws Exception {
        dsrs.processBroadcastElement(update, timestamp);
    }

    public void processControl(ControlState control, long timestamp) throws Exception {
        dsrs.processControl(control, timestamp);
    }

    /** Every counter's watermark moves to {@code timestamp}. */
    public void watermark(long timestamp) throws Exception {
        for (int i = 0; i < counters.size(); i++) {
            watermark(i, timestamp);
        }
    }

    /** One counter's watermark moves; the DSRS step's follows the smallest. */
    public void watermark(int counter, long timestamp) throws Exception {
        counters.get(counter).processWatermark(new Watermark(timestamp));
        forward(counter);
        counterWatermarks[counter] = timestamp;
        long min = java.util.Arrays.stream(counterWatermarks).min().orElseThrow();
        if (min > Long.MIN_VALUE) {
            dsrs.watermark(min);
        }
    }

    /** A checkpoint barrier reaches a counter. */
    public void checkpointBarrier(int counter) throws Exception {
        counters.get(counter).getOneInputOperator().prepareSnapshotPreBarrier(1);
        forward(counter);
    }

    /** A counter's input turns idle. */
    public void idle(int counter) throws Exception {
        counters.get(counter).processWatermarkStatus(WatermarkStatus.IDLE);
        forward(counter);
    }

    public List<SlotAssignment> extractOutputValues() {
        return dsrs.extractOutputValues();
    }

    public int slotArrivalsReceived() {
        return slotArrivalsReceived;
    }

    /**
     * Hands what a counter emitted to the DSRS step (its watermarks are merged by {@link
     * #watermark}).
     */
    private void forward(int counter) throws Exception {
        var output = counters.get(counter).getOutput();
        for (Object element = output.poll(); element != null; element = output.poll()) {
            if (element instanceof StreamRecord<?> record) {
                dsrs.processElement((SlotArrivals) record.getValue(), record.getTimestamp());
                slotArrivalsReceived++;
            }
        }
    }

    /** The DSRS step's state, as a checkpoint would take it. */
    public OperatorSubtaskState snapshot() throws Exception {
        return dsrs.snapshot(1, 1);
    }

    @Override
    public void close() throws Exception {
        for (var counter : counters) {
            counter.close();
        }
        dsrs.close();
    }
}
