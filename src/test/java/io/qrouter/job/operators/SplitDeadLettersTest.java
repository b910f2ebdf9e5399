package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RecordLimits;
import io.qrouter.job.convert.DeadLetters;
import java.time.Instant;
import org.apache.flink.streaming.api.operators.ProcessOperator;
import org.apache.flink.streaming.api.operators.StreamMap;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.streaming.util.OneInputStreamOperatorTestHarness;
import org.apache.flink.types.Either;
import org.junit.jupiter.api.Test;

class SplitDeadLettersTest {

    @Test
    void deadLettersGoToTheSideOutputAndLateRecordsAreCountedButKept() throws Exception {
        SplitDeadLetters<TaskRequest> split = new SplitDeadLetters<>();
        try (var harness =
                new OneInputStreamOperatorTestHarness<Either<DeadLetter, TaskRequest>, TaskRequest>(
                        new ProcessOperator<>(split))) {
            harness.open();
            DeadLetter dead =
                    DeadLetters.fromKafka(
                            "tasks",
                            0,
                            9,
                            "taskId: missing or empty id",
                            new byte[] {1},
                            null,
                            1_000,
                            RecordLimits.from(JobConfig.defaults()));

            harness.processWatermark(10_000);
            harness.processElement(new StreamRecord<>(Either.Right(task("on-time")), 12_000));
            harness.processElement(new StreamRecord<>(Either.Right(task("late")), 9_000));
            harness.processElement(new StreamRecord<>(Either.Left(dead), Long.MIN_VALUE));

            assertThat(harness.extractOutputValues())
                    .extracting(TaskRequest::getTaskId)
                    .containsExactly("on-time", "late");
            assertThat(harness.getSideOutput(DeadLetters.TAG))
                    .extracting(StreamRecord::getValue)
                    .containsExactly(dead);
            assertThat(split.lateEvents.getCount()).isEqualTo(1);
        }
    }

    @Test
    void everyDeadLetterOnItsWayOutIsCounted() throws Exception {
        CountDeadLetters count = new CountDeadLetters();
        try (var harness =
                new OneInputStreamOperatorTestHarness<DeadLetter, DeadLetter>(
                        new StreamMap<>(count))) {
            harness.open();
            for (int i = 0; i < 3; i++) {
                harness.processElement(
                        new StreamRecord<>(
                                DeadLetters.fromKafka(
                                        "heartbeats",
                                        1,
                                        i,
                                        "serverId: missing or empty id",
                                        null,
                                        null,
                                        5,
                                        RecordLimits.from(JobConfig.defaults()))));
            }
            assertThat(harness.extractOutputValues()).hasSize(3);
            assertThat(count.deadLetters.getCount()).isEqualTo(3);
        }
    }

    private static TaskRequest task(String id) {
        return TaskRequest.newBuilder()
                .setTaskId(id)
                .setCreatedAt(Instant.parse("2026-01-01T00:00:00Z"))
                .build();
    }
}
