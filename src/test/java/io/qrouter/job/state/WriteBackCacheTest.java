package io.qrouter.job.state;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Random;
import java.util.TreeMap;
import org.apache.flink.api.common.state.ListState;
import org.apache.flink.api.common.state.ListStateDescriptor;
import org.apache.flink.api.common.state.MapState;
import org.apache.flink.api.common.state.MapStateDescriptor;
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
 * Every method of the cached value, list and map states, in random order over several keys, against
 * a plain model of what each key holds, on a real RocksDB backend and a cache smaller than the
 * keys: every read through the cache agrees with the model, and after each flush the backend read
 * directly (around the cache) holds exactly the model.
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
        ValueState<Integer> rawValue = backendState(new ValueStateDescriptor<>("v", Types.INT));
        ListState<Integer> rawList = backendState(new ListStateDescriptor<>("l", Types.INT));
        MapState<Integer, String> rawMap =
                backendState(new MapStateDescriptor<>("m", Types.INT, Types.STRING));
        WriteBackCache cache = new WriteBackCache(2, harness.getOperator());
        ValueState<Integer> value = cache.value(rawValue);
        ListState<Integer> list = cache.list(rawList);
        MapState<Integer, String> map = cache.map(rawMap);

        Map<String, Integer> values = new HashMap<>();
        Map<String, List<Integer>> lists = new HashMap<>();
        Map<String, Map<Integer, String>> maps = new HashMap<>();
        Random random = new Random(seed);
        for (int op = 0; op < OPERATIONS; op++) {
            String key = KEYS[random.nextInt(KEYS.length)];
            backend.setCurrentKey(key);
            // a third of the operations leave an uncached key out (reads and writes go around it)
            cache.admitNewKeys(random.nextInt(3) != 0);
            List<Integer> modelList = lists.computeIfAbsent(key, k -> new ArrayList<>());
            Map<Integer, String> modelMap = maps.computeIfAbsent(key, k -> new HashMap<>());
            int entry = random.nextInt(6);
            switch (random.nextInt(17)) {
                case 0 -> assertThat(value.value()).isEqualTo(values.get(key));
                case 1 -> {
                    value.update(op);
                    values.put(key, op);
                }
                case 2 -> {
                    value.clear();
                    values.remove(key);
                }
                case 3 -> assertThat(listOf(list.get())).isEqualTo(modelList);
                case 4 -> {
                    list.add(op);
                    modelList.add(op);
                }
                case 5 -> {
                    list.addAll(List.of(op, -op));
                    modelList.addAll(List.of(op, -op));
                }
                case 6 -> {
                    list.update(List.of(op));
                    modelList.clear();
                    modelList.add(op);
                }
                case 7 -> {
                    list.clear();
                    modelList.clear();
                }
                case 8 -> assertThat(map.get(entry)).isEqualTo(modelMap.get(entry));
                case 9 -> {
                    map.put(entry, "v" + op);
                    modelMap.put(entry, "v" + op);
                }
                case 10 -> {
                    map.putAll(Map.of(entry, "p" + op, entry + 10, "q" + op));
                    modelMap.putAll(Map.of(entry, "p" + op, entry + 10, "q" + op));
                }
                case 11 -> {
                    map.remove(entry);
                    modelMap.remove(entry);
                }
                case 12 -> assertThat(map.contains(entry)).isEqualTo(modelMap.containsKey(entry));
                case 13 -> assertThat(entriesOf(map)).isEqualTo(new TreeMap<>(modelMap));
                case 14 -> {
                    assertThat(map.isEmpty()).isEqualTo(modelMap.isEmpty());
                    assertThat(sorted(map.keys())).isEqualTo(sorted(modelMap.keySet()));
                    assertThat(sorted(map.values())).isEqualTo(sorted(modelMap.values()));
                }
                case 15 -> {
                    map.clear();
                    modelMap.clear();
                }
                default -> {
                    cache.flush();
                    assertBackendHolds(rawValue, rawList, rawMap, values, lists, maps);
                }
            }
            assertThat(cache.size()).isLessThanOrEqualTo(2);
        }
        cache.flush();
        assertBackendHolds(rawValue, rawList, rawMap, values, lists, maps);
        assertThat(cache.evictions()).isPositive();
    }

    private void assertBackendHolds(
            ValueState<Integer> rawValue,
            ListState<Integer> rawList,
            MapState<Integer, String> rawMap,
            Map<String, Integer> values,
            Map<String, List<Integer>> lists,
            Map<String, Map<Integer, String>> maps)
            throws Exception {
        for (String key : KEYS) {
            backend.setCurrentKey(key);
            assertThat(rawValue.value()).as(key).isEqualTo(values.get(key));
            assertThat(listOf(rawList.get())).as(key).isEqualTo(lists.getOrDefault(key, List.of()));
            assertThat(entriesOf(rawMap))
                    .as(key)
                    .isEqualTo(new TreeMap<>(maps.getOrDefault(key, Map.of())));
        }
    }

    private <S extends State> S backendState(StateDescriptor<S, ?> descriptor) throws Exception {
        return backend.getPartitionedState(
                VoidNamespace.INSTANCE, VoidNamespaceSerializer.INSTANCE, descriptor);
    }

    private static List<Integer> listOf(Iterable<Integer> values) {
        List<Integer> list = new ArrayList<>();
        if (values != null) {
            values.forEach(list::add);
        }
        return list;
    }

    private static TreeMap<Integer, String> entriesOf(MapState<Integer, String> map)
            throws Exception {
        TreeMap<Integer, String> entries = new TreeMap<>();
        var iterator = map.iterator();
        while (iterator.hasNext()) {
            var entry = iterator.next();
            entries.put(entry.getKey(), entry.getValue());
        }
        return entries;
    }

    private static <T extends Comparable<T>> List<T> sorted(Iterable<T> values) {
        List<T> list = new ArrayList<>();
        values.forEach(list::add);
        list.sort(null);
        return list;
    }
}
