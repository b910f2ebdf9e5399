package io.qrouter.job.operators;

import org.apache.flink.runtime.state.KeyGroupRangeAssignment;

/**
 * Keys that Flink's key-group assignment sends to a chosen subtask: the task id plus two
 * characters, searched so that the key's hash lands in that subtask's key groups. Each task keeps a
 * key of its own (the router's buffered-task state is per key), and the search costs about as many
 * integer hashes as there are subtasks, with no string built until the suffix is found.
 */
final class SubtaskKeys {
    /** The suffix characters: 31 digits-and-letters in the last place, letters before. */
    private static final char LOW = '0';

    private static final char HIGH = 'A';
    private static final int BASE = 31;

    private SubtaskKeys() {}

    /**
     * A key for {@code taskId} that {@code keyBy} sends to subtask {@code subtask} of an operator
     * with {@code parallelism} subtasks and {@code maxParallelism} key groups.
     */
    static String forSubtask(String taskId, int subtask, int parallelism, int maxParallelism) {
        if (subtask < 0 || subtask >= parallelism) {
            throw new IllegalArgumentException(
                    "subtask must be in [0, " + (parallelism - 1) + "] (got " + subtask + ")");
        }
        // String.hashCode of taskId + c1 + c2 is hash(taskId)·31² + 31·c1 + c2
        int base = taskId.hashCode() * BASE * BASE + BASE * HIGH + LOW;
        for (int high = 0; high < Character.MAX_VALUE - HIGH; high++) {
            for (int low = 0; low < BASE; low++) {
                int hash = base + BASE * high + low;
                int group = KeyGroupRangeAssignment.computeKeyGroupForKeyHash(hash, maxParallelism);
                if (KeyGroupRangeAssignment.computeOperatorIndexForKeyGroup(
                                maxParallelism, parallelism, group)
                        == subtask) {
                    return taskId + (char) (HIGH + high) + (char) (LOW + low);
                }
            }
        }
        throw new IllegalStateException("no key of task " + taskId + " reaches subtask " + subtask);
    }
}
