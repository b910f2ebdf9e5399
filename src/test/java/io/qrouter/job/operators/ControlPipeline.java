package io.qrouter.job.operators;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.avro.DeadLetter;
import io.qrouter.core.control.ControlState;
import io.qrouter.job.Harnesses;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.records.ServerSignal;
import java.util.ArrayList;
import java.util.List;
import org.apache.flink.runtime.checkpoint.OperatorSubtaskState;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.AbstractStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.apache.flink.streaming.util.KeyedTwoInputStreamOperatorTestHarness;
import org.apache.flink.types.Either;

/**
 * The control topic's two operators as the job chains them: {@link ControlAuthFunction}'s
 * authenticated commands go on to {@link ControlFunction}; the control-log is both operators'
 * entries in the order the commands were sent.
 */
final class ControlPipeline implements AutoCloseable {
    /** Both operators' state at one checkpoint. */
    record Checkpoint(OperatorSubtaskState auth, OperatorSubtaskState control) {}

    private final KeyedOneInputStreamOperatorTestHarness<
                    String, Either<DeadLetter, ControlCommand>, ControlCommand>
            auth;
    private final KeyedTwoInputStreamOperatorTestHarness<
                    String, ControlCommand, ServerSignal, ControlState>
            control;
    private final List<ControlLogEntry> log = new ArrayList<>();
    private int forwarded;

    ControlPipeline(ControlSettings settings, JobConfig configured, Checkpoint restoreFrom)
            throws Exception {
        auth =
                Harnesses.controlAuth(
                        settings, configured, restoreFrom == null ? null : restoreFrom.auth());
        control = Harnesses.control(settings, restoreFrom == null ? null : restoreFrom.control());
    }

    void setProcessingTime(long millis) throws Exception {
        auth.setProcessingTime(millis);
        control.setProcessingTime(millis);
    }

    /** A record of the control topic. */
    void processElement1(StreamRecord<Either<DeadLetter, ControlCommand>> record) throws Exception {
        int logged = logged(auth, ControlAuthFunction.CONTROL_LOG).size();
        auth.processElement(record);
        log.addAll(newEntries(auth, ControlAuthFunction.CONTROL_LOG, logged));
        List<ControlCommand> authenticated = auth.extractOutputValues();
        for (ControlCommand command : authenticated.subList(forwarded, authenticated.size())) {
            int before = logged(control, ControlFunction.CONTROL_LOG).size();
            control.processElement1(new StreamRecord<>(command));
            log.addAll(newEntries(control, ControlFunction.CONTROL_LOG, before));
        }
        forwarded = authenticated.size();
    }

    /** What the per-server state tells the control operator. */
    void processElement2(StreamRecord<ServerSignal> signal) throws Exception {
        control.processElement2(signal);
    }

    /** The control states broadcast to the gate. */
    List<ControlState> extractOutputValues() {
        return control.extractOutputValues();
    }

    /** The live settings broadcast to the per-server state. */
    List<LiveSettings> liveSettings() {
        return logged(auth, ControlAuthFunction.LIVE_SETTINGS);
    }

    /** The control-log of the commands sent, in order (events of the detectors not included). */
    List<ControlLogEntry> log() {
        return log;
    }

    Checkpoint snapshot(long checkpointId, long timestamp) throws Exception {
        return new Checkpoint(
                auth.snapshot(checkpointId, timestamp), control.snapshot(checkpointId, timestamp));
    }

    private static <T> List<T> logged(
            AbstractStreamOperatorTestHarness<?> harness, org.apache.flink.util.OutputTag<T> tag) {
        var records = harness.getSideOutput(tag);
        return records == null ? List.of() : records.stream().map(StreamRecord::getValue).toList();
    }

    private static List<ControlLogEntry> newEntries(
            AbstractStreamOperatorTestHarness<?> harness,
            org.apache.flink.util.OutputTag<ControlLogEntry> tag,
            int before) {
        List<ControlLogEntry> all = logged(harness, tag);
        return all.subList(before, all.size());
    }

    @Override
    public void close() throws Exception {
        auth.close();
        control.close();
    }
}
