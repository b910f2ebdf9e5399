package io.qrouter.estimate;

import java.util.Arrays;

/**
 * The event times of the most recent arrivals (by processing order), in a ring of fixed size. Times rather than
 * gaps are kept so that arrivals processed out of order still give the true interarrival gaps once sorted.
 * A Flink POJO (state of a server).
 */
public class ArrivalTimesRing {
    private long[] timesMillis;
    private int next;
    private int size;

    /** For Flink's POJO serializer only. */
    public ArrivalTimesRing() {}

    public ArrivalTimesRing(int capacity) {
        this.timesMillis = new long[capacity];
    }

    void add(long timeMillis) {
        timesMillis[next] = timeMillis;
        next = (next + 1) % timesMillis.length;
        size = Math.min(size + 1, timesMillis.length);
    }

    /**
     * Gaps in seconds between consecutive kept arrivals whose times lie in [fromMillis, toMillis]. Called at every
     * heartbeat, so it reads the ring oldest first (arrival order) and sorts only when events came out of order:
     * in order, it is one linear pass instead of a sort.
     */
    double[] interarrivalSeconds(long fromMillis, long toMillis) {
        long[] inRange = new long[size];
        int count = 0;
        boolean ordered = true;
        int oldest = size < timesMillis.length ? 0 : next;
        for (int i = 0; i < size; i++) {
            long t = timesMillis[(oldest + i) % timesMillis.length];
            if (t >= fromMillis && t <= toMillis) {
                ordered &= count == 0 || t >= inRange[count - 1];
                inRange[count++] = t;
            }
        }
        if (!ordered) {
            Arrays.sort(inRange, 0, count);
        }
        double[] gaps = new double[Math.max(0, count - 1)];
        for (int i = 0; i < gaps.length; i++) {
            gaps[i] = (inRange[i + 1] - inRange[i]) / 1000.0;
        }
        return gaps;
    }

    public long[] getTimesMillis() { return timesMillis; }
    public void setTimesMillis(long[] timesMillis) { this.timesMillis = timesMillis; }
    public int getNext() { return next; }
    public void setNext(int next) { this.next = next; }
    public int getSize() { return size; }
    public void setSize(int size) { this.size = size; }
}
