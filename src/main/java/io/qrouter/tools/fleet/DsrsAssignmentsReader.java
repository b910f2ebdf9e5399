package io.qrouter.tools.fleet;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.core.text.Printable;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.AvroDecodeException;
import io.qrouter.tools.kafka.CommittedRecords;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import org.slf4j.Logger;
import org.slf4j.LoggerFactory;

/**
 * Reads the DSRS slot assignments the job committed to {@code dsrs-assignments} during a run, for
 * its report: from the records written since a minute before the run's start up to the end of the
 * topic as it stands when called (read_committed, without a consumer group), keeping the slots that
 * end after the start. Failing to read is logged and answers what was read: the rest of the report
 * is still worth writing.
 */
public final class DsrsAssignmentsReader {
    private static final Logger LOG = LoggerFactory.getLogger(DsrsAssignmentsReader.class);

    private DsrsAssignmentsReader() {}

    private static final long SEEK_MARGIN_MILLIS = 60_000;

    /**
     * The slots of the run that started at {@code startEpochMillis}, ordered by slot and service
     * type.
     */
    public static List<SlotAssignment> read(FleetConfig config, long startEpochMillis) {
        AvroCodec<SlotAssignment> codec = AvroCodec.of(SlotAssignment.class);
        List<SlotAssignment> slots = new ArrayList<>();
        try {
            CommittedRecords.read(
                    config.clientSettings("dsrs"),
                    TopicNames.DSRS_ASSIGNMENTS,
                    startEpochMillis - SEEK_MARGIN_MILLIS,
                    record -> {
                        try {
                            SlotAssignment slot = codec.decode(record.value());
                            if (slot.getSlotEnd().toEpochMilli() > startEpochMillis) {
                                slots.add(slot);
                            }
                        } catch (AvroDecodeException e) {
                            // the reason quotes what Avro read from the record
                            LOG.warn(
                                    "skipping an undecodable record at {}-{}@{}: {}",
                                    record.topic(),
                                    record.partition(),
                                    record.offset(),
                                    Printable.of(e.getMessage()));
                        }
                    });
        } catch (RuntimeException e) {
            // the report is still worth writing without the DSRS section
            LOG.warn("cannot read {}: {}", TopicNames.DSRS_ASSIGNMENTS, e.toString());
        }
        slots.sort(
                Comparator.comparingLong(SlotAssignment::getSlot)
                        .thenComparing(SlotAssignment::getServiceType));
        return slots;
    }
}
