package io.qrouter.job.records;

import io.qrouter.core.estimate.WindowBucket;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * {@link EstimatorSerializers.Bucket} under Flink's serializer tests, with a bucket with its nine
 * sums, an empty one and one without sums.
 */
class WindowBucketSerializerTest extends HandWrittenSerializerTestBase<WindowBucket> {
    @Override
    protected TypeSerializer<WindowBucket> createSerializer() {
        return new EstimatorSerializers.Bucket();
    }

    @Override
    protected Class<WindowBucket> getTypeClass() {
        return WindowBucket.class;
    }

    @Override
    List<WindowBucket> samples() {
        return SerializerSamples.windowBuckets();
    }
}
