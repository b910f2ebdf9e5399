package io.qrouter.bench;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.sun.management.GarbageCollectionNotificationInfo;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;
import javax.management.ListenerNotFoundException;
import javax.management.NotificationEmitter;
import javax.management.NotificationListener;
import javax.management.openmbean.CompositeData;
import org.junit.jupiter.api.Test;

class GcPausesTest {

    @Test
    void countsThePauseBeansOfEveryCollectorAndNotTheConcurrentCycles() {
        for (String pauses :
                List.of(
                        "G1 Young Generation",
                        "G1 Old Generation",
                        "G1 Concurrent GC", // JDK 21+: G1's Remark and Cleanup pauses
                        "PS Scavenge",
                        "ZGC Pauses",
                        "ZGC Minor Pauses",
                        "Shenandoah Pauses")) {
            assertThat(GcPauses.countsPauses(pauses)).as(pauses).isTrue();
        }
        for (String cycles : List.of("ZGC Cycles", "ZGC Major Cycles", "Shenandoah Cycles")) {
            assertThat(GcPauses.countsPauses(cycles)).as(cycles).isFalse();
        }
    }

    @Test
    void describesTheShareAndTheCount() {
        assertThat(new GcPauses.Window(1, 12, 0.0012).describe()).isEqualTo("0.1 % (1 pause)");
        assertThat(new GcPauses.Window(14, 190, 0.0127).describe()).isEqualTo("1.3 % (14 pauses)");
    }

    /**
     * The JVM's own notifications, one per collection with its duration, are the independent count:
     * the snapshots must see the collections they announce on the beans that count pauses.
     */
    @Test
    void seesTheCollectionsTheJvmAnnouncesInTheWindow() throws Exception {
        List<GarbageCollectionNotificationInfo> announced = new CopyOnWriteArrayList<>();
        NotificationListener listener =
                (notification, handback) -> {
                    if (notification
                            .getType()
                            .equals(
                                    GarbageCollectionNotificationInfo
                                            .GARBAGE_COLLECTION_NOTIFICATION)) {
                        announced.add(
                                GarbageCollectionNotificationInfo.from(
                                        (CompositeData) notification.getUserData()));
                    }
                };
        List<NotificationEmitter> emitters = new ArrayList<>();
        for (GarbageCollectorMXBean bean : ManagementFactory.getGarbageCollectorMXBeans()) {
            NotificationEmitter emitter = (NotificationEmitter) bean;
            emitter.addNotificationListener(listener, null, null);
            emitters.add(emitter);
        }
        try {
            GcPauses from = GcPauses.now();
            long start = System.nanoTime();
            System.gc();
            System.gc();
            GcPauses to = GcPauses.now();
            double seconds = (System.nanoTime() - start) / 1e9;
            GcPauses.Window window = to.since(from, seconds);
            // every collection counted by `to` has ended, so its notification comes (from a
            // service thread, shortly after); one that ended just before `from` may come too
            long deadline = System.nanoTime() + 10_000_000_000L;
            while (pausesAnnounced(announced) < window.pauses() && System.nanoTime() < deadline) {
                Thread.sleep(10);
            }

            assertThat(window.pauses()).as("the two System.gc() calls").isGreaterThanOrEqualTo(2);
            assertThat(window.pauses()).isLessThanOrEqualTo(pausesAnnounced(announced));
            assertThat(window.pauseMillis()).isNotNegative();
            assertThat(window.pausedShare())
                    .isCloseTo(window.pauseMillis() / 1e3 / seconds, within(1e-12));
        } finally {
            for (NotificationEmitter emitter : emitters) {
                try {
                    emitter.removeNotificationListener(listener);
                } catch (ListenerNotFoundException ignored) {
                    // never added
                }
            }
        }
    }

    private static long pausesAnnounced(List<GarbageCollectionNotificationInfo> announced) {
        return announced.stream().filter(info -> GcPauses.countsPauses(info.getGcName())).count();
    }
}
