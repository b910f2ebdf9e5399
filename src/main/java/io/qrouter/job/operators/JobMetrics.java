package io.qrouter.job.operators;

import java.util.HashMap;
import java.util.Map;
import org.apache.flink.metrics.Counter;
import org.apache.flink.metrics.Gauge;
import org.apache.flink.metrics.Meter;
import org.apache.flink.metrics.MeterView;
import org.apache.flink.metrics.MetricGroup;

/**
 * The Flink metrics of an operator that decides where tasks go (router, GA batch): {@code
 * decisionsPerSecond} (meter), {@code decisions} per rule (counters in group {@code rule=<RULE>}),
 * {@code lastDecisionTime} (epoch milliseconds of the latest decision, -1 before the first: how
 * long routing has been silent, the first sign of a stall), {@code idleQueueHitRatio} (share of
 * decisions the idle queue answered), and the fleet as this operator sees it: {@code serversAlive},
 * {@code idleFractionPJ} (P_J = idle / alive servers, Eq. 56), {@code loadIndexVarianceF} (F =
 * population variance of K over the alive servers with a finite K, Eq. 55), {@code loadIndexK}
 * (their K as a histogram), {@code serverUpdateAgeMeanMillis} and {@code serverUpdateAgeMaxMillis}
 * (how old the view is), plus {@code tasksBuffered}, {@code tasksDeadLettered}, {@code
 * serversEjected} (black holes), {@code tasksLost} (the tasks they swallowed), {@code
 * tasksRedecided} (swallowed tasks routed again) and {@code tasksOvertaken} (tasks a server passed
 * over, acknowledging later ones: repeats after an at-least-once restart, or lost on the way) and
 * {@code ackLoopStalls} (times the loop itself stalled, after which no black hole is judged for one
 * timeout). Nothing is per server: the series stay as many at 20,000 servers as at 20.
 *
 * <p>Gauges read fields the task thread writes; the reporter thread may see a value one update old.
 */
public final class JobMetrics {
    /** Metric names that {@code JobHealth} reads. */
    public static final String DECISIONS_PER_SECOND = "decisionsPerSecond";

    public static final String LAST_DECISION_TIME = "lastDecisionTime";

    private final MetricGroup group;
    private final Meter decisionsPerSecond;
    private final Map<String, Counter> decisionsByRule = new HashMap<>();
    private final Counter tasksDeadLettered;
    private final Counter serversEjected;
    private final Counter tasksLost;
    private final Counter tasksRedecided;
    private final FleetLoadIndexHistogram loadIndexK = new FleetLoadIndexHistogram();
    private long decisions;
    private long idleQueueHits;
    private volatile double idleQueueHitRatio;
    private volatile long lastDecisionTime = -1;
    private volatile int serversAlive;
    private volatile double idleFractionPJ;
    private volatile double loadIndexVarianceF;
    private volatile int tasksBuffered;
    private volatile long serverUpdateAgeMeanMillis;
    private volatile long serverUpdateAgeMaxMillis;
    private volatile long tasksOvertaken;
    private volatile long ackLoopStalls;

    JobMetrics(MetricGroup group) {
        this.group = group;
        this.decisionsPerSecond = group.meter(DECISIONS_PER_SECOND, new MeterView(60));
        this.tasksDeadLettered = group.counter("tasksDeadLettered");
        this.serversEjected = group.counter("serversEjected");
        this.tasksLost = group.counter("tasksLost");
        this.tasksRedecided = group.counter("tasksRedecided");
        group.histogram("loadIndexK", loadIndexK);
        group.gauge("serverUpdateAgeMeanMillis", (Gauge<Long>) () -> serverUpdateAgeMeanMillis);
        group.gauge("serverUpdateAgeMaxMillis", (Gauge<Long>) () -> serverUpdateAgeMaxMillis);
        group.gauge("idleQueueHitRatio", (Gauge<Double>) () -> idleQueueHitRatio);
        group.gauge(LAST_DECISION_TIME, (Gauge<Long>) () -> lastDecisionTime);
        group.gauge("serversAlive", (Gauge<Integer>) () -> serversAlive);
        group.gauge("idleFractionPJ", (Gauge<Double>) () -> idleFractionPJ);
        group.gauge("loadIndexVarianceF", (Gauge<Double>) () -> loadIndexVarianceF);
        group.gauge("tasksBuffered", (Gauge<Integer>) () -> tasksBuffered);
        group.gauge("tasksOvertaken", (Gauge<Long>) () -> tasksOvertaken);
        group.gauge("ackLoopStalls", (Gauge<Long>) () -> ackLoopStalls);
    }

    void decided(String rule) {
        decisionsPerSecond.markEvent();
        decisionsByRule
                .computeIfAbsent(rule, r -> group.addGroup("rule", r).counter("decisions"))
                .inc();
        decisions++;
        if ("IDLE_QUEUE".equals(rule)) {
            idleQueueHits++;
        }
        idleQueueHitRatio = (double) idleQueueHits / decisions;
        lastDecisionTime = System.currentTimeMillis();
    }

    void deadLettered() {
        tasksDeadLettered.inc();
    }

    void buffered(int count) {
        tasksBuffered = count;
    }

    void overtaken(long count) {
        tasksOvertaken = count;
    }

    void loopStalls(long count) {
        ackLoopStalls = count;
    }

    /**
     * A black hole ejected: of the tasks it never acknowledged, {@code lost} were dead-lettered and
     * {@code redecided} routed again.
     */
    void ejected(int lost, int redecided) {
        serversEjected.inc();
        tasksLost.inc(lost);
        tasksDeadLettered.inc(lost);
        tasksRedecided.inc(redecided);
    }

    /** The fleet gauges from the servers that accept tasks, as this operator sees them now. */
    void fleet(FleetFigures fleet) {
        serversAlive = fleet.alive();
        idleFractionPJ = fleet.idleFraction();
        loadIndexVarianceF = fleet.loadIndexVariance();
        loadIndexK.replace(fleet.loadIndices());
        serverUpdateAgeMeanMillis = fleet.updateAgeMeanMillis();
        serverUpdateAgeMaxMillis = fleet.updateAgeMaxMillis();
    }
}
