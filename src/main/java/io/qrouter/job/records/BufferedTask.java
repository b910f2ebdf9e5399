package io.qrouter.job.records;

import io.qrouter.avro.TaskRequest;
import io.qrouter.job.operators.RouterFunction;

/**
 * A task the router holds because no server was alive when it came: keyed state of {@link
 * RouterFunction} (one per task id). A Flink POJO; the task itself is serialised by Flink's Avro
 * serializer.
 */
public class BufferedTask {
    public TaskRequest task;

    /** Processing time it entered the buffer: tasks leave the buffer in this order. */
    public long bufferedAt;

    /** Processing time after which it is dead-lettered. */
    public long deadlineAt;

    public BufferedTask() {}

    public BufferedTask(TaskRequest task, long bufferedAt, long deadlineAt) {
        this.task = task;
        this.bufferedAt = bufferedAt;
        this.deadlineAt = deadlineAt;
    }
}
