package io.qrouter.core.estimate;

/** A task whose current phase has started but not ended. */
public class OpenTask {
    private TaskPhase phase;
    private long sinceMillis;

    /** For the job's serializers only. */
    public OpenTask() {}

    OpenTask(TaskPhase phase, long sinceMillis) {
        this.phase = phase;
        this.sinceMillis = sinceMillis;
    }

    /** A copy. */
    public OpenTask copy() {
        return new OpenTask(phase, sinceMillis);
    }

    public TaskPhase getPhase() {
        return phase;
    }

    public void setPhase(TaskPhase phase) {
        this.phase = phase;
    }

    public long getSinceMillis() {
        return sinceMillis;
    }

    public void setSinceMillis(long sinceMillis) {
        this.sinceMillis = sinceMillis;
    }
}
