package io.qrouter.core.estimate;

import java.util.ArrayList;
import java.util.Arrays;
import java.util.HashMap;
import java.util.List;
import java.util.Map;

/**
 * The tasks of one server whose current phase is still open, at most {@code capacity} of them. When
 * full, the least recently changed sixteenth is evicted at once (sorting only every capacity/16
 * insertions keeps the cost per event constant on average); an evicted task's later events find no
 * start and are counted as unmatched. The job keeps them whole in their server's state.
 */
public class OpenTasks {
    private int capacity;
    private long evicted;
    private HashMap<String, OpenTask> byTaskId = new HashMap<>();

    /** For the job's serializers only. */
    public OpenTasks() {}

    public OpenTasks(int capacity) {
        this.capacity = capacity;
    }

    /** A deep copy. */
    public OpenTasks copy() {
        OpenTasks to = new OpenTasks(capacity);
        to.evicted = evicted;
        byTaskId.forEach((id, task) -> to.byTaskId.put(id, task.copy()));
        return to;
    }

    /** Starts (or moves the task to) a phase at the given time. */
    void open(String taskId, TaskPhase phase, long sinceMillis) {
        if (!byTaskId.containsKey(taskId) && byTaskId.size() >= capacity) {
            evictOldest(Math.max(1, capacity / 16));
        }
        byTaskId.put(taskId, new OpenTask(phase, sinceMillis));
    }

    /**
     * Puts back a task that state written before the open tasks were kept whole held in its own
     * entry; beyond the capacity it counts as evicted.
     */
    public void restore(String taskId, OpenTask task) {
        if (byTaskId.size() < capacity || byTaskId.containsKey(taskId)) {
            byTaskId.put(taskId, task);
        } else {
            evicted++;
        }
    }

    /**
     * Ends the task's current phase: the phase and its start, or null when the task is not open.
     */
    OpenTask close(String taskId) {
        return byTaskId.remove(taskId);
    }

    /**
     * Time the open tasks have spent so far in their phase up to {@code toMillis}, in one pass:
     * waiting since {@code fromMillis}, cancelled since {@code fromMillis}, waiting since {@code
     * recentFromMillis}, and in service since they started (whole: a service is a censored
     * observation of its length).
     */
    OpenTime openTimeMillis(long fromMillis, long recentFromMillis, long toMillis) {
        long waiting = 0;
        long cancelled = 0;
        long recentWaiting = 0;
        long serving = 0;
        if (!byTaskId.isEmpty()) {
            for (OpenTask task : byTaskId.values()) {
                long since = task.getSinceMillis();
                if (task.getPhase() == TaskPhase.WAITING) {
                    waiting += Math.max(0, toMillis - Math.max(fromMillis, since));
                    recentWaiting += Math.max(0, toMillis - Math.max(recentFromMillis, since));
                } else if (task.getPhase() == TaskPhase.CANCELLED) {
                    cancelled += Math.max(0, toMillis - Math.max(fromMillis, since));
                } else {
                    serving += Math.max(0, toMillis - since);
                }
            }
        }
        return new OpenTime(waiting, cancelled, recentWaiting, serving);
    }

    /** What {@link #openTimeMillis} adds up, in milliseconds. */
    record OpenTime(long waiting, long cancelled, long recentWaiting, long serving) {}

    int size() {
        return byTaskId.size();
    }

    private void evictOldest(int howMany) {
        List<Map.Entry<String, OpenTask>> all = new ArrayList<>(byTaskId.entrySet());
        long[] sinceMillis = new long[all.size()];
        for (int i = 0; i < sinceMillis.length; i++) {
            sinceMillis[i] = all.get(i).getValue().getSinceMillis();
        }
        Arrays.sort(sinceMillis);
        long threshold = sinceMillis[Math.min(howMany, sinceMillis.length) - 1];
        // first everything strictly older than the threshold, then ties until howMany are gone
        List<String> gone = new ArrayList<>(howMany);
        for (Map.Entry<String, OpenTask> task : all) {
            if (gone.size() < howMany && task.getValue().getSinceMillis() < threshold) {
                gone.add(task.getKey());
            }
        }
        for (Map.Entry<String, OpenTask> task : all) {
            if (gone.size() < howMany && task.getValue().getSinceMillis() == threshold) {
                gone.add(task.getKey());
            }
        }
        gone.forEach(byTaskId::remove);
        evicted += gone.size();
    }

    public int getCapacity() {
        return capacity;
    }

    public void setCapacity(int capacity) {
        this.capacity = capacity;
    }

    public long getEvicted() {
        return evicted;
    }

    public void setEvicted(long evicted) {
        this.evicted = evicted;
    }

    /** Task id → its open phase. */
    public HashMap<String, OpenTask> getByTaskId() {
        return byTaskId;
    }

    public void setByTaskId(HashMap<String, OpenTask> byTaskId) {
        this.byTaskId = byTaskId;
    }
}
