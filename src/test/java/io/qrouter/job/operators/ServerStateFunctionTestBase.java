package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ServerStateSettings;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Collectors;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.junit.jupiter.api.AfterEach;

/**
 * The per-server state operator under Flink's operator harness, as its tests set it up: a down
 * timeout and a forget delay of their own, and the harness closed after each test.
 */
abstract class ServerStateFunctionTestBase {
    static final long DOWN_TIMEOUT = 5_000;

    static final long FORGET_AFTER = 60_000;

    final ServerStateSettings settings = settings();

    ServerStateHarness harness;

    static ServerStateSettings settings(String... moreKeysAndValues) {
        List<String> keysAndValues =
                new ArrayList<>(
                        List.of(
                                "server.down-timeout.ms",
                                Long.toString(DOWN_TIMEOUT),
                                "server.forget-down-after.ms",
                                Long.toString(FORGET_AFTER)));
        keysAndValues.addAll(List.of(moreKeysAndValues));
        return TestSettings.serverState(keysAndValues.toArray(String[]::new));
    }

    @AfterEach
    void close() throws Exception {
        if (harness != null) {
            harness.close();
        }
    }

    <T> List<T> sideOutput(org.apache.flink.util.OutputTag<T> tag) {
        var records = harness.getSideOutput(tag);
        return records == null
                ? List.of()
                : records.stream().map(StreamRecord::getValue).collect(Collectors.toList());
    }

    static <T> T single(List<T> values) {
        assertThat(values).hasSize(1);
        return values.get(0);
    }

    static <T> T last(List<T> values) {
        assertThat(values).isNotEmpty();
        return values.get(values.size() - 1);
    }
}
