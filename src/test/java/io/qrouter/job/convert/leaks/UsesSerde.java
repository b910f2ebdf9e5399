package io.qrouter.job.convert.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesSerde {
    public io.qrouter.job.serde.AvroCodec<io.qrouter.avro.TaskRequest> leak;
}
