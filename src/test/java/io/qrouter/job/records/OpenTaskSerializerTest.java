package io.qrouter.job.records;

import io.qrouter.core.estimate.OpenTask;
import java.util.List;
import org.apache.flink.api.common.typeutils.TypeSerializer;

/**
 * {@link EstimatorSerializers.Task} under Flink's serializer tests, with a task in each phase and
 * one without a phase.
 */
class OpenTaskSerializerTest extends HandWrittenSerializerTestBase<OpenTask> {
    @Override
    protected TypeSerializer<OpenTask> createSerializer() {
        return new EstimatorSerializers.Task();
    }

    @Override
    protected Class<OpenTask> getTypeClass() {
        return OpenTask.class;
    }

    @Override
    List<OpenTask> samples() {
        return SerializerSamples.openTasks();
    }
}
