package io.qrouter.core.estimate;

import java.util.Arrays;

/**
 * The event times of the most recent arrivals (by processing order), in a ring of fixed size. Times
 * rather than gaps are kept so that arrivals processed out of order still give the true
 * interarrival gaps once sorted.
 *
 * <p>The ring is cut into pages of {@value #PAGE} times kept in a {@link StateMap} (so an arrival
 * rewrites one page, not the ring); this object is the header (a Flink POJO).
 */
public class ArrivalTimesRing {
    /** Times per page. */
    static final int PAGE = 64;

    private int capacity;
    private int next;
    private int size;
    private transient StateMap<Integer, long[]> pages;

    /** For Flink's POJO serializer only. */
    public ArrivalTimesRing() {}

    public ArrivalTimesRing(int capacity) {
        this.capacity = capacity;
        this.pages = new HashStateMap<>();
    }

    /** Where the pages are: for a header just read from state. */
    void attach(StateMap<Integer, long[]> pages) {
        this.pages = pages;
    }

    void add(long timeMillis) {
        int page = next / PAGE;
        long[] times = pages.get(page);
        if (times == null) {
            times = new long[Math.min(PAGE, capacity - page * PAGE)];
        }
        times[next % PAGE] = timeMillis;
        pages.put(page, times);
        next = (next + 1) % capacity;
        size = Math.min(size + 1, capacity);
    }

    /**
     * Gaps in seconds between consecutive kept arrivals whose times lie in [fromMillis, toMillis].
     * Called at every heartbeat, so it reads the ring oldest first (arrival order) and sorts only
     * when events came out of order: in order, it is one linear pass instead of a sort.
     */
    double[] interarrivalSeconds(long fromMillis, long toMillis) {
        long[] inRange = new long[size];
        int count = 0;
        boolean ordered = true;
        int oldest = size < capacity ? 0 : next;
        int pageNumber = -1;
        long[] page = null;
        for (int i = 0; i < size; i++) {
            int position = (oldest + i) % capacity;
            if (position / PAGE != pageNumber) {
                pageNumber = position / PAGE;
                page = pages.get(pageNumber);
            }
            long t = page[position % PAGE];
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

    public int getCapacity() {
        return capacity;
    }

    public void setCapacity(int capacity) {
        this.capacity = capacity;
    }

    public int getNext() {
        return next;
    }

    public void setNext(int next) {
        this.next = next;
    }

    public int getSize() {
        return size;
    }

    public void setSize(int size) {
        this.size = size;
    }
}
