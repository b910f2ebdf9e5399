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

    /** Gaps in seconds between consecutive kept arrivals whose times lie in [fromMillis, toMillis]. */
    double[] interarrivalSeconds(long fromMillis, long toMillis) {
        long[] inRange = Arrays.stream(timesMillis, 0, size).filter(t -> t >= fromMillis && t <= toMillis).sorted().toArray();
        double[] gaps = new double[Math.max(0, inRange.length - 1)];
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
