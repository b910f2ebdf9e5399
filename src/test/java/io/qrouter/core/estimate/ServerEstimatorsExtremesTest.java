package io.qrouter.core.estimate;

import static org.assertj.core.api.Assertions.assertThat;

import java.time.Instant;
import java.util.Arrays;
import java.util.List;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.Tuple;

/**
 * The estimators over any lifecycle events the job accepts: any order, repeats, unmatched phases,
 * event times from 2000-01-01 to a day ahead (bursts within one millisecond, gaps of years), any
 * window and bucket count the configuration allows, snapshots at any time. Never an exception (a
 * known rate that is not finite and >= 0 would be one), and the window's counts stay within the
 * events fed.
 */
class ServerEstimatorsExtremesTest {
    private static final long FIRST = Instant.parse("2000-01-01T00:00:00Z").toEpochMilli();
    private static final long NOW = Instant.parse("2026-11-30T09:00:00Z").toEpochMilli();
    private static final long LAST = NOW + 86_400_000L;

    record Event(TaskLifecycle type, String taskId, long atMillis) {}

    @Property(tries = 400)
    void anyEventsGiveFiniteEstimatesOrUnknown(
            @ForAll("events") List<Event> events,
            @ForAll("configs") EstimatorConfig config,
            @ForAll("times") long snapshotAt) {
        ServerEstimators estimators = new ServerEstimators(config);
        for (Event e : events) {
            estimators.onEvent(e.type(), e.taskId(), e.atMillis());
        }
        for (long at :
                new long[] {
                    snapshotAt, events.isEmpty() ? NOW : events.get(events.size() - 1).atMillis()
                }) {
            EstimatorSnapshot s = estimators.snapshot(at);
            for (Estimate e :
                    Arrays.asList(
                            s.lambdaPerSecond(),
                            s.muPerSecond(),
                            s.alphaCPerSecond(),
                            s.etaPerSecond(),
                            s.exitRateThetaPerSecond())) {
                assertThat(e.count()).isBetween(0L, (long) events.size());
            }
        }
    }

    @Provide
    Arbitrary<List<Event>> events() {
        Arbitrary<TaskLifecycle> types =
                Arbitraries.of(
                        Arrays.stream(TaskLifecycle.values())
                                .filter(t -> t != TaskLifecycle.UNKNOWN)
                                .toList());
        Arbitrary<String> tasks = Arbitraries.strings().alpha().ofMinLength(1).ofMaxLength(3);
        return Combinators.combine(types, tasks, times()).as(Event::new).list().ofMaxSize(300);
    }

    @Provide
    Arbitrary<Long> times() {
        return Arbitraries.frequencyOf(
                Tuple.of(4, Arbitraries.longs().between(NOW - 2_000, NOW + 2_000)),
                Tuple.of(1, Arbitraries.longs().between(FIRST, LAST)),
                Tuple.of(1, Arbitraries.of(FIRST, NOW, LAST)));
    }

    /**
     * Windows and bucket counts as the job's configuration allows (the window a multiple of the
     * bucket count).
     */
    @Provide
    Arbitrary<EstimatorConfig> configs() {
        return Combinators.combine(
                        Arbitraries.integers().between(1, 10_000),
                        Arbitraries.longs().between(1, 8_640),
                        Arbitraries.of(1, 2, 20))
                .as(
                        (buckets, bucketMillis, minEvents) -> {
                            EstimatorConfig c = new EstimatorConfig();
                            c.setBucketCount(buckets);
                            c.setWindowMillis(
                                    Math.min(
                                            86_400_000L / buckets * buckets,
                                            bucketMillis * buckets));
                            c.setMinArrivals(minEvents);
                            c.setMinExits(minEvents);
                            c.setMinCompletions(minEvents);
                            c.setMinWaits(minEvents);
                            c.setMinRecoveries(minEvents);
                            return c;
                        });
    }
}
