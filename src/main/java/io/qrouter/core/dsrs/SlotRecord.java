package io.qrouter.core.dsrs;

import java.util.Map;

/**
 * One (slot, service) assignment, field for field the content of the Avro SlotAssignment the job
 * emits.
 *
 * @param queuesAfter Q_ij(t+1) by MEC system name, in the runner's system order
 */
public record SlotRecord(
        long slot,
        long slotStartMillis,
        long slotEndMillis,
        String serviceType,
        String mecSystem,
        long count,
        double cost,
        Map<String, Double> queuesAfter,
        double v) {}
