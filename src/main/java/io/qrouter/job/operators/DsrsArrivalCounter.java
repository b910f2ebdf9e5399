package io.qrouter.job.operators;

import io.qrouter.avro.TaskRequest;
import io.qrouter.job.records.SlotArrivals;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.OneInputStreamOperator;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;

/**
 * Counts tasks per (service type, DSRS slot) where they are read, chained to the tasks source, so
 * the keyed DSRS step ({@link DsrsSlotFunction}) receives a few {@link SlotArrivals} per slot
 * instead of every task: one shuffle, one key and one timer registration less per task, whatever
 * the parallelism.
 *
 * <p>DSRS stays equal to the task-by-task computation because every count reaches the DSRS step
 * before anything that could close its slot there: a slot's count is emitted before the watermark
 * that closes it is passed on, everything held is emitted before this input turns idle (the DSRS
 * step may then close slots without it) and before each checkpoint barrier (so nothing needs to be
 * checkpointed here), and a task whose slot this counter has already seen closed is passed on at
 * once, as it was before (the DSRS step counts it in the next open slot). Memory: the open slots'
 * counts only, emitted early when more than {@value #MAX_HELD} are held.
 */
public final class DsrsArrivalCounter extends AbstractStreamOperator<SlotArrivals>
        implements OneInputStreamOperator<TaskRequest, SlotArrivals> {
    private static final long serialVersionUID = 1L;

    /** Bound on the (service, slot) counts held: many service types must not grow the heap. */
    static final int MAX_HELD = 4096;

    private final long slotMillis;

    /** Open slot → service type → tasks counted so far. */
    private transient Map<Long, Map<String, long[]>> held;

    private transient int heldCount;
    private transient long watermark;

    public DsrsArrivalCounter(long slotMillis) {
        this.slotMillis = slotMillis;
    }

    @Override
    public void open() throws Exception {
        super.open();
        held = new HashMap<>();
        heldCount = 0;
        watermark = Long.MIN_VALUE;
    }

    @Override
    public void processElement(StreamRecord<TaskRequest> element) {
        TaskRequest task = element.getValue();
        long slot = Math.floorDiv(task.getCreatedAt().toEpochMilli(), slotMillis);
        if (closesAt(slot) <= watermark) {
            emit(task.getServiceType(), slot, 1);
            return;
        }
        long[] count =
                held.computeIfAbsent(slot, s -> new HashMap<>())
                        .computeIfAbsent(
                                task.getServiceType(),
                                s -> {
                                    heldCount++;
                                    return new long[1];
                                });
        count[0]++;
        if (heldCount > MAX_HELD) {
            emitUpTo(Long.MAX_VALUE);
        }
    }

    @Override
    public void processWatermark(Watermark mark) throws Exception {
        watermark = Math.max(watermark, mark.getTimestamp());
        emitUpTo(watermark);
        super.processWatermark(mark);
    }

    @Override
    public void processWatermarkStatus(WatermarkStatus status) throws Exception {
        if (status.isIdle()) {
            emitUpTo(Long.MAX_VALUE);
        }
        super.processWatermarkStatus(status);
    }

    @Override
    public void prepareSnapshotPreBarrier(long checkpointId) throws Exception {
        emitUpTo(Long.MAX_VALUE);
        super.prepareSnapshotPreBarrier(checkpointId);
    }

    @Override
    public void finish() throws Exception {
        emitUpTo(Long.MAX_VALUE);
        super.finish();
    }

    /**
     * The DSRS step closes slot t when the watermark reaches its last millisecond (its timer's
     * time).
     */
    private long closesAt(long slot) {
        return (slot + 1) * slotMillis - 1;
    }

    /**
     * Emits the counts of every slot that closes at or before {@code watermark}, oldest slot first.
     */
    private void emitUpTo(long watermark) {
        if (heldCount == 0) {
            return;
        }
        List<Long> slots = new ArrayList<>();
        for (Long slot : held.keySet()) {
            if (closesAt(slot) <= watermark) {
                slots.add(slot);
            }
        }
        slots.sort(null);
        for (Long slot : slots) {
            for (Map.Entry<String, long[]> count : held.remove(slot).entrySet()) {
                emit(count.getKey(), slot, count.getValue()[0]);
                heldCount--;
            }
        }
    }

    private void emit(String serviceType, long slot, long count) {
        output.collect(
                new StreamRecord<>(new SlotArrivals(serviceType, slot, count), slot * slotMillis));
    }
}
