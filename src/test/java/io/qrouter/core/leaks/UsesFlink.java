package io.qrouter.core.leaks;

/** A deliberate leak for {@code ArchitectureRulesFailOnLeaksTest}: it must break one rule. */
public class UsesFlink {
    public org.apache.flink.api.common.functions.MapFunction<String, String> leak;
}
