package io.qrouter.estimate;

import java.util.Arrays;
import java.util.HashMap;
import java.util.Iterator;
import java.util.Map;
import java.util.function.Predicate;

/**
 * The tasks of one server whose current phase is still open, at most {@code capacity} of them. When full, the
 * least recently changed sixteenth is evicted at once (sorting only every capacity/16 insertions keeps the cost
 * per event constant on average); an evicted task's later events find no start and are counted as unmatched.
 * A Flink POJO (state of a server).
 */
public class OpenTasks {
    private Map<String, OpenTask> byTaskId = new HashMap<>();
    private int capacity;
    private long evicted;

    /** For Flink's POJO serializer only. */
    public OpenTasks() {}

    public OpenTasks(int capacity) {
        this.capacity = capacity;
    }

    /** Starts (or moves the task to) a phase at the given time. */
    void open(String taskId, TaskPhase phase, long sinceMillis) {
        OpenTask task = byTaskId.get(taskId);
        if (task != null) {
            task.setPhase(phase);
            task.setSinceMillis(sinceMillis);
            return;
        }
        if (byTaskId.size() >= capacity) {
            evictOldest(Math.max(1, capacity / 16));
        }
        byTaskId.put(taskId, new OpenTask(phase, sinceMillis));
    }

    /** Ends the task's current phase: the phase and its start, or null when the task is not open. */
    OpenTask close(String taskId) {
        return byTaskId.remove(taskId);
    }

    /** Total time, within [fromMillis, toMillis], that the open tasks in {@code phase} have spent in it so far. */
    long openTimeMillis(TaskPhase phase, long fromMillis, long toMillis) {
        long total = 0;
        for (OpenTask task : byTaskId.values()) {
            if (task.getPhase() == phase) {
                total += Math.max(0, toMillis - Math.max(fromMillis, task.getSinceMillis()));
            }
        }
        return total;
    }

    int size() {
        return byTaskId.size();
    }

    private void evictOldest(int howMany) {
        long[] sinceMillis = new long[byTaskId.size()];
        int i = 0;
        for (OpenTask task : byTaskId.values()) {
            sinceMillis[i++] = task.getSinceMillis();
        }
        Arrays.sort(sinceMillis);
        long threshold = sinceMillis[Math.min(howMany, sinceMillis.length) - 1];
        // first everything strictly older than the threshold, then ties until howMany are gone
        int removed = removeWhile(task -> task.getSinceMillis() < threshold, howMany);
        removed += removeWhile(task -> task.getSinceMillis() == threshold, howMany - removed);
        evicted += removed;
    }

    private int removeWhile(Predicate<OpenTask> condition, int atMost) {
        int removed = 0;
        for (Iterator<OpenTask> it = byTaskId.values().iterator(); it.hasNext() && removed < atMost; ) {
            if (condition.test(it.next())) {
                it.remove();
                removed++;
            }
        }
        return removed;
    }

    public Map<String, OpenTask> getByTaskId() { return byTaskId; }
    public void setByTaskId(Map<String, OpenTask> byTaskId) { this.byTaskId = byTaskId; }
    public int getCapacity() { return capacity; }
    public void setCapacity(int capacity) { this.capacity = capacity; }
    public long getEvicted() { return evicted; }
    public void setEvicted(long evicted) { this.evicted = evicted; }
}
