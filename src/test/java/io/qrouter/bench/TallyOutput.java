package io.qrouter.bench;

import org.apache.flink.runtime.event.WatermarkEvent;
import org.apache.flink.streaming.api.operators.Output;
import org.apache.flink.streaming.api.watermark.Watermark;
import org.apache.flink.streaming.runtime.streamrecord.LatencyMarker;
import org.apache.flink.streaming.runtime.streamrecord.RecordAttributes;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.runtime.watermarkstatus.WatermarkStatus;
import org.apache.flink.util.OutputTag;

/**
 * An operator's output for a benchmark: counts the records, main and side, so that a benchmark can
 * check it did the work it times, and keeps the last of each (the JIT must store it). Costs about
 * what a chained output that does nothing would.
 */
final class TallyOutput<T> implements Output<StreamRecord<T>> {
    private long records;
    private long sideRecords;
    private T last;
    private Object lastSide;

    @Override
    public void collect(StreamRecord<T> record) {
        records++;
        last = record.getValue();
    }

    @Override
    public <X> void collect(OutputTag<X> outputTag, StreamRecord<X> record) {
        sideRecords++;
        lastSide = record.getValue();
    }

    /** Records on the main output so far. */
    long records() {
        return records;
    }

    /** The last record on the main output; null before the first. */
    T last() {
        return last;
    }

    /** Records on the side outputs so far. */
    long sideRecords() {
        return sideRecords;
    }

    @Override
    public void emitWatermark(Watermark mark) {}

    @Override
    public void emitWatermarkStatus(WatermarkStatus watermarkStatus) {}

    @Override
    public void emitLatencyMarker(LatencyMarker latencyMarker) {}

    @Override
    public void emitRecordAttributes(RecordAttributes recordAttributes) {}

    @Override
    public void emitWatermark(WatermarkEvent watermark) {}

    @Override
    public void close() {}
}
