package io.qrouter.core.policy;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * One router's view of the servers, updated incrementally: a snapshot replaces one server's entry
 * and resets the in-flight count (the report already contains what was sent before it), a decision
 * adds one in-flight task to the chosen server, and a removal forgets the server. Each server has a
 * dense slot number so that indexes can keep arrays; slots of removed servers are reused.
 *
 * <p>The in-flight correction assumes a task reaches its server before the server's next report;
 * with a delay between decision and arrival, tasks still on the way when a report is sent are
 * briefly not counted.
 *
 * <p>Not thread-safe: one view per router (per Flink subtask), used by one thread.
 */
public final class RouterView {

    /** Told about every change so that indexes stay current in O(log N) per change. */
    public interface Listener {
        /**
         * Slot {@code slot} changed.
         *
         * @param snapshotChanged true for a new report, false when only this router's in-flight
         *     count changed
         */
        void changed(int slot, boolean snapshotChanged);

        /**
         * The server in {@code slot} is forgotten; the slot may be reused for another server later.
         */
        void removed(int slot);
    }

    private final Map<String, Integer> slotById = new HashMap<>();
    private final List<Listener> listeners = new ArrayList<>();
    private ServerSnapshot[] snapshots = new ServerSnapshot[16];
    private int[] inFlight = new int[16];
    private int[] alivePosition = new int[16];
    private int[] aliveSlots = new int[16];
    private int aliveCount;
    private int[] freeSlots = new int[16];
    private int freeCount;
    private int slotCount;

    public void addListener(Listener listener) {
        listeners.add(listener);
    }

    /**
     * Applies a server's report and returns its slot. A report older than the one held is ignored
     * (reports of one server arrive in order on a keyed stream, but a restored view may be fed
     * older ones).
     */
    public int update(ServerSnapshot snapshot) {
        Integer known = slotById.get(snapshot.serverId());
        int slot;
        if (known == null) {
            slot = allocateSlot();
            slotById.put(snapshot.serverId(), slot);
        } else {
            slot = known;
            if (snapshot.sentAtMillis() < snapshots[slot].sentAtMillis()) {
                return slot;
            }
        }
        snapshots[slot] = snapshot;
        inFlight[slot] = 0;
        setAlive(slot, snapshot.alive());
        for (Listener l : listeners) {
            l.changed(slot, true);
        }
        return slot;
    }

    /** Forgets a server (it left for good). Unknown ids are ignored. */
    public void remove(String serverId) {
        Integer slot = slotById.remove(serverId);
        if (slot == null) {
            return;
        }
        for (Listener l : listeners) {
            l.removed(slot);
        }
        setAlive(slot, false);
        snapshots[slot] = null;
        inFlight[slot] = 0;
        freeSlots = grow(freeSlots, freeCount + 1);
        freeSlots[freeCount++] = slot;
    }

    /** Counts a task this router just sent to {@code slot}. */
    public void recordAssignment(int slot) {
        inFlight[slot]++;
        for (Listener l : listeners) {
            l.changed(slot, false);
        }
    }

    /** The slot of a known server, or -1. */
    public int slotOf(String serverId) {
        Integer slot = slotById.get(serverId);
        return slot == null ? -1 : slot;
    }

    public ServerSnapshot snapshot(int slot) {
        return snapshots[slot];
    }

    public String serverId(int slot) {
        return snapshots[slot].serverId();
    }

    public int inFlight(int slot) {
        return inFlight[slot];
    }

    /** Reported queue length plus this router's in-flight assignments since that report. */
    public int load(int slot) {
        return snapshots[slot].queueLength() + inFlight[slot];
    }

    public boolean alive(int slot) {
        return alivePosition[slot] >= 0;
    }

    /** Number of known servers (alive or not). */
    public int size() {
        return slotById.size();
    }

    public int aliveCount() {
        return aliveCount;
    }

    /** The i-th alive slot, 0 ≤ i < aliveCount(), in no particular order (for uniform sampling). */
    public int aliveSlot(int i) {
        return aliveSlots[i];
    }

    private int allocateSlot() {
        if (freeCount > 0) {
            return freeSlots[--freeCount];
        }
        int slot = slotCount++;
        if (slot >= snapshots.length) {
            int n = snapshots.length * 2;
            snapshots = Arrays.copyOf(snapshots, n);
            inFlight = Arrays.copyOf(inFlight, n);
            alivePosition = Arrays.copyOf(alivePosition, n);
            aliveSlots = Arrays.copyOf(aliveSlots, n);
        }
        alivePosition[slot] = -1;
        return slot;
    }

    private void setAlive(int slot, boolean alive) {
        int pos = alivePosition[slot];
        if (alive && pos < 0) {
            alivePosition[slot] = aliveCount;
            aliveSlots[aliveCount++] = slot;
        } else if (!alive && pos >= 0) {
            int last = aliveSlots[--aliveCount];
            aliveSlots[pos] = last;
            alivePosition[last] = pos;
            alivePosition[slot] = -1;
        }
    }

    private static int[] grow(int[] a, int needed) {
        return needed <= a.length ? a : Arrays.copyOf(a, Math.max(needed, a.length * 2));
    }
}
