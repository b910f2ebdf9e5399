package io.qrouter.job.convert;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.TaskEventType;
import io.qrouter.core.estimate.TaskLifecycle;
import java.util.Arrays;
import org.junit.jupiter.api.Test;

/**
 * The Avro event type on the wire and the estimators' own type name the same events, so the job
 * maps them by name.
 */
class TaskLifecycleTest {
    @Test
    void everyWireEventTypeHasItsLifecycleTwinAndBack() {
        assertThat(Arrays.stream(TaskLifecycle.values()).map(Enum::name))
                .containsExactlyElementsOf(
                        Arrays.stream(TaskEventType.values()).map(Enum::name).toList());
        for (TaskEventType type : TaskEventType.values()) {
            assertThat(EventTypes.lifecycle(type).name()).isEqualTo(type.name());
        }
    }
}
