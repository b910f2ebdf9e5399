package io.qrouter.job.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.apache.flink.api.common.state.State;
import org.apache.flink.api.common.state.StateDescriptor;
import org.apache.flink.api.common.state.ValueState;
import org.apache.flink.api.common.state.ValueStateDescriptor;
import org.apache.flink.api.common.typeinfo.Types;
import org.apache.flink.runtime.state.KeyedStateBackend;
import org.apache.flink.runtime.state.VoidNamespace;
import org.apache.flink.runtime.state.VoidNamespaceSerializer;
import org.apache.flink.state.rocksdb.EmbeddedRocksDBStateBackend;
import org.apache.flink.streaming.api.operators.AbstractStreamOperator;
import org.apache.flink.streaming.api.operators.StreamMap;
import org.apache.flink.streaming.util.KeyedOneInputStreamOperatorTestHarness;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;

/**
 * Every method of cached value states (two of them, as a function registers several), in random
 * order over several keys, against a plain model of what each key holds, on a real RocksDB backend
 * and a cache smaller than the keys: every read through the cache agrees with the model, and after
 * each flush the backend read directly (around the cache) holds exactly the model.
 */
class WriteBackCacheTest {
    private static final String[] KEYS = {"a", "b", "c", "d"};
    private static final int OPERATIONS = 4_000;

    private KeyedOneInputStreamOperatorTestHarness<String, String, String> harness;
    private KeyedStateBackend<String> backend;

    @BeforeEach
    @SuppressWarnings("unchecked")
    void rocksDbBackend() throws Exception {
        harness =
                new KeyedOneInputStreamOperatorTestHarness<>(
                        new StreamMap<String, String>(x -> x), x -> x, Types.STRING);
        harness.setStateBackend(new EmbeddedRocksDBStateBackend());
        harness.open();
        KeyedStateBackend<?> keyed =
                ((AbstractStreamOperator<?>) harness.getOperator()).getKeyedStateBackend();
        backend = (KeyedStateBackend<String>) keyed;
    }

    @AfterEach
    void close() throws Exception {
        harness.close();
    }

    @ParameterizedTest
    @ValueSource(longs = {1, 2, 3, 4, 5})
    void readsAgreeWithAModelAndFlushesLeaveTheModelInTheBackend(long seed) throws Exception {
        List<ValueState<Integer>> raw =
                List.of(
                        backendState(new ValueStateDescriptor<>("v", Types.INT)),
                        backendState(new ValueStateDescriptor<>("w", Types.INT)));
        WriteBackCache cache = new WriteBackCache(2, harness.getOperator());
        List<ValueState<Integer>> cached =
                List.of(cache.value(raw.get(0)), cache.value(raw.get(1)));
        List<Map<String, Integer>> model = List.of(new HashMap<>(), new HashMap<>());
        Random random = new Random(seed);
        for (int op = 0; op < OPERATIONS; op++) {
            String key = KEYS[random.nextInt(KEYS.length)];
            backend.setCurrentKey(key);
            // a third of the operations leave an uncached key out (reads and writes go around it)
            cache.admitNewKeys(random.nextInt(3) != 0);
            int which = random.nextInt(2);
            ValueState<Integer> state = cached.get(which);
            Map<String, Integer> values = model.get(which);
            switch (random.nextInt(4)) {
                case 0 -> assertThat(state.value()).isEqualTo(values.get(key));
                case 1 -> {
                    state.update(op);
                    values.put(key, op);
                }
                case 2 -> {
                    state.clear();
                    values.remove(key);
                }
                default -> {
                    cache.flush();
                    assertBackendHolds(raw, model);
                }
            }
            assertThat(cache.size()).isLessThanOrEqualTo(2);
        }
        cache.flush();
        assertBackendHolds(raw, model);
        assertThat(cache.evictions()).isPositive();
    }

    private void assertBackendHolds(List<ValueState<Integer>> raw, List<Map<String, Integer>> model)
            throws Exception {
        for (String key : KEYS) {
            backend.setCurrentKey(key);
            for (int i = 0; i < raw.size(); i++) {
                assertThat(raw.get(i).value()).as(key).isEqualTo(model.get(i).get(key));
            }
        }
    }

    private <S extends State> S backendState(StateDescriptor<S, ?> descriptor) throws Exception {
        return backend.getPartitionedState(
                VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }
}
