package io.qrouter.job.operators;

import io.qrouter.avro.SlotAssignment;
import io.qrouter.core.control.ControlState;
import io.qrouter.core.dsrs.DsrsRow;
import io.qrouter.core.dsrs.RowDecision;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.SlotArrivals;
import io.qrouter.job.state.BroadcastStates;
import java.time.Instant;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.apache.flink.api.common.functions.OpenContext;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.state.ReadOnlyBroadcastState;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.api.java.functions.KeySelector;
import org.apache.flink.metrics.Counter;
import org.apache.flink.streaming.api.functions.co.KeyedBroadcastProcessFunction;
import org.apache.flink.types.Either;
import org.apache.flink.util.Collector;

/**
 * DSRS (seed 002) in event time: tasks of service type i are counted per slot t = floor(createdAt /
 * tau) (where they are read, by {@link DsrsArrivalCounter}; this keyed step adds up its partial
 * counts); when the watermark passes the end of a slot, the slot's arrivals A_i(t) go to the MEC
 * system j* minimising Q_ij(t) + V·gamma_ij (Eq. 23) and the queues are updated by Eq. (4), through
 * io.qrouter.core.dsrs.DsrsRow, the same step the offline {@code DsrsOffline} runs. One {@link
 * SlotAssignment} per (slot, service) with arrivals.
 *
 * <p>Decisions:
 *
 * <ul>
 *   <li>MEC systems are the servers that accept tasks when the slot closes (broadcast {@link
 *       ServerUpdate}s with the operators' control state stamped on them, {@link AdminStamp}; the
 *       router's {@link BroadcastStates#SERVER_UPDATES} descriptor), in id order, which is also the
 *       tie-break order. Capacity b_ij = the server's service rate × tau; unit cost gamma_ij from
 *       configuration ({@link DsrsSettings#unitCost}).
 *   <li>As offline, slots without arrivals write no record; their queues are drained when the next
 *       slot with arrivals closes, with the capacities known then. A down server's queue is kept
 *       but neither drained nor chosen; a server that is gone from the updates loses its queue.
 *   <li>A task whose slot has already closed (late) is counted in the next open slot, so no arrival
 *       is lost from the queue dynamics; late tasks are counted in the {@code dsrsLateTasks}
 *       metric.
 *   <li>When no server accepts tasks at a slot's end, its arrivals are carried over to the next
 *       slot (the first slot still open, if the watermark jumped past several).
 *   <li>A record's {@code queuesAfter} and the keyed state list the backlogged systems only (Q >
 *       0); a system not listed has an empty queue. With thousands of servers, each slot would
 *       otherwise write and emit every one of them.
 *   <li>Empty slots are drained in one step ({@code DsrsRow.drain(queues, capacity, slots)}), so an
 *       event-time gap of years between two tasks (both valid) costs no more than one slot.
 * </ul>
 */
public class DsrsSlotFunction
        extends KeyedBroadcastProcessFunction<
                String, SlotArrivals, Either<ServerUpdate, ControlState>, SlotAssignment> {
    private static final long serialVersionUID = 1L;

    private static final ServerFeed<ServerUpdate> FEED =
            new ServerFeed<>(BroadcastStates.SERVER_UPDATES, ServerFeed.latestUpdate(), false);

    /** The key the DSRS input must be keyed by: the service type. */
    public static final KeySelector<SlotArrivals, String> SERVICE_KEY =
            SlotArrivals::getServiceType;

    /** Arrivals of slots not yet closed: slot → A_i(t). */
    static final MapStateDescriptor<Long, Long> ARRIVALS =
            new MapStateDescriptor<>("dsrs-arrivals-by-slot", Types.LONG, Types.LONG);

    /** Q_ij for this service i: MEC system j → backlog. */
    static final MapStateDescriptor<String, Double> QUEUES =
            new MapStateDescriptor<>("dsrs-queues", Types.STRING, Types.DOUBLE);

    /** The last slot closed for this service. */
    static final ValueStateDescriptor<Long> LAST_SLOT =
            new ValueStateDescriptor<>("dsrs-last-slot", Types.LONG);

    private final DsrsSettings settings;

    private transient MapState<Long, Long> arrivals;
    private transient MapState<String, Double> queues;
    private transient ValueState<Long> lastSlot;
    private transient Counter lateTasks;

    public DsrsSlotFunction(DsrsSettings settings) {
        this.settings = settings;
    }

    @Override
    public void open(OpenContext openContext) {
        arrivals = getRuntimeContext().getMapState(ARRIVALS);
        queues = getRuntimeContext().getMapState(QUEUES);
        lastSlot = getRuntimeContext().getState(LAST_SLOT);
        lateTasks = getRuntimeContext().getMetricGroup().counter("dsrsLateTasks");
    }

    @Override
    public void processElement(
            SlotArrivals counted, ReadOnlyContext ctx, Collector<SlotAssignment> out)
            throws Exception {
        long slot = counted.getSlot();
        Long closed = lastSlot.value();
        if (closed != null && slot <= closed) {
            lateTasks.inc(counted.getCount());
            slot = closed + 1;
        }
        addArrivals(slot, counted.getCount(), ctx);
    }

    @Override
    public void processBroadcastElement(
            Either<ServerUpdate, ControlState> input, Context ctx, Collector<SlotAssignment> out)
            throws Exception {
        // DSRS reports no drained servers: the router (or GA) does
        FEED.receive(input, 0, ctx, new ServerFeed.Listener() {});
    }

    @Override
    public void onTimer(long timestamp, OnTimerContext ctx, Collector<SlotAssignment> out)
            throws Exception {
        long tau = settings.slot().toMillis();
        long slot = Math.floorDiv(timestamp, tau);
        Long count = arrivals.get(slot);
        if (count == null) {
            return;
        }
        arrivals.remove(slot);
        String service = ctx.getCurrentKey();
        Map<String, Double> backlogs = new HashMap<>();
        for (Map.Entry<String, Double> q : queues.entries()) {
            backlogs.put(q.getKey(), q.getValue());
        }
        List<ServerUpdate> systems =
                contenders(
                        ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES), backlogs, service);
        if (systems.isEmpty()) {
            carryOver(slot, count, ctx);
            return;
        }
        int n = systems.size();
        double[] backlog = new double[n];
        double[] capacity = new double[n];
        double[] unitCost = new double[n];
        for (int j = 0; j < n; j++) {
            ServerUpdate s = systems.get(j);
            backlog[j] = backlogs.getOrDefault(s.getServerId(), 0.0);
            capacity[j] = Math.max(0, s.getServiceRatePerSecond()) * tau / 1000.0;
            unitCost[j] = settings.unitCost(service, s.getServerId());
        }
        Long closed = lastSlot.value();
        backlog = DsrsRow.drain(backlog, capacity, closed == null ? 0 : slot - closed - 1);
        RowDecision decision = DsrsRow.step(backlog, count, capacity, unitCost, settings.v());

        Map<String, Double> after = new LinkedHashMap<>();
        for (int j = 0; j < n; j++) {
            after.put(systems.get(j).getServerId(), decision.queuesAfter()[j]);
        }
        storeQueues(after, backlogs, ctx.getBroadcastState(BroadcastStates.SERVER_UPDATES));
        lastSlot.update(slot);
        out.collect(
                SlotAssignment.newBuilder()
                        .setSlot(slot)
                        .setSlotStart(Instant.ofEpochMilli(slot * tau))
                        .setSlotEnd(Instant.ofEpochMilli((slot + 1) * tau))
                        .setServiceType(service)
                        .setMecSystem(systems.get(decision.mecSystem()).getServerId())
                        .setCount(decision.count())
                        .setCost(decision.cost())
                        .setQueuesAfter(backlogged(after))
                        .setV(settings.v())
                        .build());
    }

    /**
     * No server took the arrivals of {@code slot}: they join the first slot still open, i.e. the
     * next one unless the watermark has jumped further (then one timer, not one per skipped slot).
     * At the end of the input (watermark at its maximum) no slot closes again and they are dropped.
     */
    private void carryOver(long slot, long count, OnTimerContext ctx) throws Exception {
        long watermark = ctx.timerService().currentWatermark();
        if (watermark == Long.MAX_VALUE) {
            return;
        }
        addArrivals(
                Math.max(slot + 1, Math.floorDiv(watermark + 1, settings.slot().toMillis())),
                count,
                ctx);
    }

    private void addArrivals(long slot, long count, ReadOnlyContext ctx) throws Exception {
        Long before = arrivals.get(slot);
        arrivals.put(slot, (before == null ? 0 : before) + count);
        // Fires once the watermark has passed every event time of the slot [slot·tau,
        // (slot+1)·tau).
        ctx.timerService().registerEventTimeTimer((slot + 1) * settings.slot().toMillis() - 1);
    }

    /**
     * The MEC systems that can win the slot, in id order (the order of the arrays and of
     * tie-breaking): those that accept tasks and have a backlog, and of those that accept tasks
     * without one the cheapest, Q + V·γ = V·γ, lowest id on ties. Every other system weighs at
     * least as much, with a higher id on a tie, so the argmin of Eq. (23) over these is the argmin
     * over all; and their queues stay 0 whatever the slot brings. A slot thus costs one pass over
     * the servers, not a sort of them and a state write for each.
     */
    private List<ServerUpdate> contenders(
            ReadOnlyBroadcastState<String, ServerUpdate> updates,
            Map<String, Double> backlogs,
            String service)
            throws Exception {
        List<ServerUpdate> systems = new ArrayList<>();
        ServerUpdate cheapestIdle = null;
        double cheapestWeight = Double.POSITIVE_INFINITY;
        for (Map.Entry<String, ServerUpdate> entry : updates.immutableEntries()) {
            ServerUpdate s = entry.getValue();
            if (!s.acceptsTasks()) {
                continue;
            }
            if (backlogs.containsKey(s.getServerId())) {
                systems.add(s);
                continue;
            }
            double weight = settings.v() * settings.unitCost(service, s.getServerId());
            if (cheapestIdle == null
                    || weight < cheapestWeight
                    || (weight == cheapestWeight
                            && s.getServerId().compareTo(cheapestIdle.getServerId()) < 0)) {
                cheapestIdle = s;
                cheapestWeight = weight;
            }
        }
        if (cheapestIdle != null) {
            systems.add(cheapestIdle);
        }
        systems.sort(Comparator.comparing(ServerUpdate::getServerId));
        return systems;
    }

    /** The backlogs Q_ij(t+1) > 0 of {@code after}: a system not listed has none. */
    private static Map<String, Double> backlogged(Map<String, Double> after) {
        Map<String, Double> positive = new LinkedHashMap<>();
        after.forEach(
                (system, q) -> {
                    if (q > 0) {
                        positive.put(system, q);
                    }
                });
        return positive;
    }

    /**
     * Writes Q_i·(t+1) back, keeping only backlogs (an absent queue is empty); keeps the queues of
     * known servers that were not in use, drops those of gone ones.
     */
    private void storeQueues(
            Map<String, Double> after,
            Map<String, Double> before,
            ReadOnlyBroadcastState<String, ServerUpdate> updates)
            throws Exception {
        for (String server : before.keySet()) {
            if (!after.containsKey(server) && !updates.contains(server)) {
                queues.remove(server);
            }
        }
        for (Map.Entry<String, Double> q : after.entrySet()) {
            if (q.getValue() > 0) {
                queues.put(q.getKey(), q.getValue());
            } else if (before.containsKey(q.getKey())) {
                queues.remove(q.getKey());
            }
        }
    }
}
