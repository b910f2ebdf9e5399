package io.qrouter.job.records;

import java.io.IOException;
import org.apache.flink.core.memory.DataOutputSerializer;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Where a record bound for a stream (a heap checkpoint's, where each write passes through four
 * wrapping streams, the outer one synchronized) is written first, so that it reaches the stream in
 * one call. One buffer per thread: the serializers that use it are shared.
 */
final class Staging {
    private Staging() {}

    /**
     * A buffer that grew past this is not kept: a server's state is a few kilobytes, one with as
     * many open tasks as its estimators track (4,096 by default) about a hundred.
     */
    private static final int KEPT_BYTES = 1 << 20;

    private static final ThreadLocal<DataOutputSerializer> BUFFER =
            ThreadLocal.withInitial(() -> new DataOutputSerializer(8192));

    /** This thread's buffer, empty. */
    static DataOutputSerializer begin() {
        DataOutputSerializer staging = BUFFER.get();
        staging.clear();
        return staging;
    }

    /** Writes what {@code staging} holds to {@code out} in one call. */
    static void end(DataOutputSerializer staging, DataOutputView out) throws IOException {
        out.write(staging.getSharedBuffer(), 0, staging.length());
        if (staging.getSharedBuffer().length > KEPT_BYTES) {
            BUFFER.remove();
        }
    }
}
