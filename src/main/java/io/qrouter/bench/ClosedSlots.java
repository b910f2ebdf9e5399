package io.qrouter.bench;

import io.qrouter.avro.SlotAssignment;
import java.time.Instant;
import java.util.Map;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;

/**
 * The Flink floor's end marker: one {@link SlotAssignment} (no MEC system, no count) for the newest
 * DSRS slot each watermark closes, with the slot closing where the job's DSRS step closes it (at
 * its last millisecond). Its input carries watermarks only; they are the minimum of every input's,
 * so a marker for the workload's last slot means every input was read that far.
 */
final class ClosedSlots extends AbstractStreamOperator<SlotAssignment>
        implements OneInputStreamOperator<Long, SlotAssignment> {
    private static final long serialVersionUID = 1L;

    private final long slotMillis;
    private transient long lastClosed;

    ClosedSlots(long slotMillis) {
        this.slotMillis = slotMillis;
    }

    @Override
    public void open() throws Exception {
        super.open();
        lastClosed = Long.MIN_VALUE;
    }

    @Override
    public void processElement(StreamRecord<Long> element) {
        // watermarks only
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        long slot = newestClosed(mark.getTimestamp(), slotMillis);
        if (slot > lastClosed) {
            lastClosed = slot;
            output.collect(
                    new StreamRecord<>(
                            marker(
                                    slot,
                                    Instant.ofEpochMilli(slot * slotMillis),
                                    Instant.ofEpochMilli((slot + 1) * slotMillis))));
        }
        super.processWatermark(mark);
    }

    /** An end marker: an assignment of slot {@code slot} to no MEC system, of no task. */
    static SlotAssignment marker(long slot, Instant start, Instant end) {
        return new SlotAssignment(slot, start, end, "", "", 0L, 0.0, Map.of(), 0.0);
    }

    /** The newest slot t whose last millisecond (t + 1)·τ − 1 is at or before {@code watermark}. */
    static long newestClosed(long watermark, long slotMillis) {
        long slot = Math.floorDiv(watermark, slotMillis);
        return Math.floorMod(watermark, slotMillis) == slotMillis - 1 ? slot : slot - 1;
    }
}
