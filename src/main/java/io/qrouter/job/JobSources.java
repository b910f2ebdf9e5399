package io.qrouter.job;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.avro.TaskRequest;
import org.apache.flink.api.connector.source.Source;
import org.apache.flink.types.Either;

/**
 * The job's four inputs. Each yields either a usable record or the dead letter it became while
 * decoding; production uses {@link KafkaConnectors#sources}, tests may pass any {@link Source}.
 */
public record JobSources(
        Source<Either<DeadLetter, TaskRequest>, ?, ?> tasks,
        Source<Either<DeadLetter, TaskEvent>, ?, ?> serverEvents,
        Source<Either<DeadLetter, Heartbeat>, ?, ?> heartbeats,
        Source<Either<DeadLetter, ControlCommand>, ?, ?> control) {}
