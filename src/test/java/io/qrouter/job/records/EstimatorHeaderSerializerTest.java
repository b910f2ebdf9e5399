package io.qrouter.job.records;

import io.qrouter.core.estimate.ServerEstimators;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * {@link EstimatorSerializers.Header} under Flink's serializer tests, with a header with its config
 * and rings, one without, and the defaults.
 */
class EstimatorHeaderSerializerTest extends HandWrittenSerializerTestBase<ServerEstimators> {
    @Override
    protected TypeSerializer<ServerEstimators> createSerializer() {
        return new EstimatorSerializers.Header();
    }

    @Override
    protected Class<ServerEstimators> getTypeClass() {
        return ServerEstimators.class;
    }

    @Override
    List<ServerEstimators> samples() {
        return SerializerSamples.estimatorHeaders();
    }
}
