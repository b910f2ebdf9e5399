package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.ArrayList;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.LongRange;

/**
 * A heartbeat drops the queue changes at or before it and keeps the rest in order, over any
 * interleaving of events and heartbeats: checked against a plain list filtered by time.
 */
class QueueChangesTest {
    /** An event (time, change) or, when {@code change} is null, a heartbeat at {@code time}. */
    record Step(long time, Integer change) {}

    @Property(tries = 500)
    void dropsWhatEachHeartbeatCountsAndKeepsTheRestInOrder(@ForAll("steps") List<Step> steps) {
        QueueChanges changes = new QueueChanges();
        List<Step> expected = new ArrayList<>();
        for (Step step : steps) {
            if (step.change() != null) {
                changes.add(step.time(), step.change());
                expected.add(step);
            } else {
                int dropped =
                        expected.stream()
                                .filter(e -> e.time() <= step.time())
                                .mapToInt(Step::change)
                                .sum();
                expected.removeIf(e -> e.time() <= step.time());
                assertThat(changes.dropUpTo(step.time())).isEqualTo(dropped);
            }
            assertThat(changes.size()).isEqualTo(expected.size());
            assertThat(changes.isEmpty()).isEqualTo(expected.isEmpty());
            QueueChanges fromExpected = new QueueChanges();
            expected.forEach(e -> fromExpected.add(e.time(), e.change()));
            assertThat(changes).isEqualTo(fromExpected).hasSameHashCodeAs(fromExpected);
            assertThat(changes.copy()).isEqualTo(changes);
        }
    }

    @Property(tries = 50)
    void aHeartbeatBeforeEveryChangeDropsNothing(@ForAll @LongRange(min = 0, max = 1_000) long at) {
        QueueChanges changes = new QueueChanges();
        changes.add(at + 1, 1);
        changes.add(at + 5, -1);
        assertThat(changes.dropUpTo(at)).isZero();
        assertThat(changes.size()).isEqualTo(2);
    }

    @Provide
    Arbitrary<List<Step>> steps() {
        Arbitrary<Step> event =
                Arbitraries.longs()
                        .between(0, 50)
                        .flatMap(t -> Arbitraries.of(-1, 1, 2).map(change -> new Step(t, change)));
        Arbitrary<Step> heartbeat = Arbitraries.longs().between(0, 50).map(t -> new Step(t, null));
        return Arbitraries.frequencyOf(
                        net.jqwik.api.Tuple.of(4, event), net.jqwik.api.Tuple.of(1, heartbeat))
                .list()
                .ofMaxSize(60);
    }
}
