package io.qrouter.core.dsrs;

import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * DSRS over a finite list of (slot, service, arrivals): the reference the streaming job is compared
 * with.
 *
 * <p>Semantics, which the job follows: each service's queues start empty; inputs are taken in slot
 * order per service; every input yields one {@link SlotRecord} (an input with zero arrivals too); a
 * slot missing between two inputs of a service is an empty slot: its queues are served with that
 * slot's capacities and no record is written ({@link DsrsRow#drain}). Ties go to the system listed
 * first in {@code mecSystems}.
 */
public final class DsrsOffline {
    private DsrsOffline() {}

    /**
     * @param mecSystems the MEC system names, in the order of the parameter arrays (and of
     *     tie-breaking)
     * @param tauMillis slot length τ; slot t spans [t·τ, (t+1)·τ)
     * @return one record per input, ordered by slot, then service type
     */
    public static List<SlotRecord> run(
            List<String> mecSystems,
            long tauMillis,
            List<SlotInput> inputs,
            SlotParameters parameters,
            double v) {
        if (mecSystems.isEmpty()) {
            throw new IllegalArgumentException("mecSystems must name at least one MEC system");
        }
        if (tauMillis <= 0) {
            throw new IllegalArgumentException("tauMillis must be > 0 (got " + tauMillis + ")");
        }
        DsrsRow.requireV(v);
        List<SlotInput> ordered = new ArrayList<>(inputs);
        ordered.sort(
                Comparator.comparingLong(SlotInput::slot).thenComparing(SlotInput::serviceType));
        Map<String, double[]> queuesByService = new HashMap<>();
        Map<String, Long> lastSlotByService = new HashMap<>();
        List<SlotRecord> records = new ArrayList<>(ordered.size());
        for (SlotInput in : ordered) {
            String service = in.serviceType();
            Long last = lastSlotByService.get(service);
            if (last != null && last == in.slot()) {
                throw new IllegalArgumentException(
                        "two inputs for service '" + service + "' in slot " + in.slot());
            }
            double[] queues =
                    queuesByService.computeIfAbsent(service, s -> new double[mecSystems.size()]);
            for (long empty = last == null ? in.slot() : last + 1; empty < in.slot(); empty++) {
                queues = DsrsRow.drain(queues, parameters.capacity(empty, service));
            }
            RowDecision d =
                    DsrsRow.step(
                            queues,
                            in.arrivals(),
                            parameters.capacity(in.slot(), service),
                            parameters.unitCost(in.slot(), service),
                            v);
            queuesByService.put(service, d.queuesAfter());
            lastSlotByService.put(service, in.slot());
            Map<String, Double> after = new LinkedHashMap<>();
            for (int j = 0; j < mecSystems.size(); j++) {
                after.put(mecSystems.get(j), d.queuesAfter()[j]);
            }
            records.add(
                    new SlotRecord(
                            in.slot(),
                            in.slot() * tauMillis,
                            (in.slot() + 1) * tauMillis,
                            service,
                            mecSystems.get(d.mecSystem()),
                            d.count(),
                            d.cost(),
                            after,
                            v));
        }
        return records;
    }
}
