package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.Health;
import io.qrouter.job.Records;
import java.util.List;
import java.util.function.Consumer;
import org.junit.jupiter.api.Test;

/** A heartbeat update is broadcast only when routing would read something new in it. */
class ServerUpdateNewsTest {

    private static ServerUpdate base() {
        ServerUpdate u = Records.snapshot("s1", 1_000, 3);
        u.setAlive(true);
        u.setBusy(true);
        u.setHealth(Health.HEALTHY);
        u.setServiceRatePerSecond(2.0);
        u.setLambda(1.5);
        u.setMu(2.0);
        u.setAlphaC(0.1);
        u.setLoadIndexK(4.0);
        u.setCpu(0.5);
        return u;
    }

    @Test
    void everyFieldRoutingReadsMakesNews() {
        long before = UpdateNews.fingerprint(base(), true);
        List<Consumer<ServerUpdate>> changes =
                List.of(
                        u -> u.setAlive(false),
                        u -> u.setGone(true),
                        u -> u.setIdle(true),
                        u -> u.setBusy(false),
                        u -> u.setQueueLength(4),
                        u -> u.setSlots(8),
                        u -> u.setHealth(Health.DEGRADED),
                        u -> u.setServiceRatePerSecond(2.5),
                        u -> u.setLambda(null),
                        u -> u.setLambda(1.6),
                        u -> u.setMu(2.1),
                        u -> u.setAlphaC(null),
                        u -> u.setEta(0.3),
                        u -> u.setLoadIndexK(null),
                        u -> u.setOverloaded(true),
                        u -> u.setCpu(0.6),
                        u -> u.setMemory(0.1),
                        u -> u.setBandwidth(0.2));
        for (Consumer<ServerUpdate> change : changes) {
            ServerUpdate changed = base();
            change.accept(changed);
            assertThat(UpdateNews.fingerprint(changed, true)).isNotEqualTo(before);
        }
    }

    @Test
    void resourcesAreNewsOnlyWhenRoutingReadsThem() {
        List<Consumer<ServerUpdate>> changes =
                List.of(u -> u.setCpu(0.6), u -> u.setMemory(0.1), u -> u.setBandwidth(0.2));
        for (Consumer<ServerUpdate> change : changes) {
            ServerUpdate changed = base();
            change.accept(changed);
            assertThat(UpdateNews.fingerprint(changed, false))
                    .isEqualTo(UpdateNews.fingerprint(base(), false));
            assertThat(UpdateNews.fingerprint(changed, true))
                    .isNotEqualTo(UpdateNews.fingerprint(base(), true));
        }
        ServerUpdate queue = base();
        queue.setQueueLength(4);
        assertThat(UpdateNews.fingerprint(queue, false))
                .isNotEqualTo(UpdateNews.fingerprint(base(), false));
    }

    @Test
    void timesAndCountersAloneAreNotNews() {
        long before = UpdateNews.fingerprint(base(), true);
        ServerUpdate later = base();
        later.setHeartbeatAt(2_000);
        later.setUpdatedAt(2_000);
        later.setHeartbeatTriggers(7);
        later.setRecommendedHeartbeatMillis(500);
        later.setRecentWaitSeconds(0.25);
        later.setRecentServiceSeconds(0.05);
        assertThat(UpdateNews.fingerprint(later, true))
                .isEqualTo(before)
                .isNotEqualTo(UpdateNews.NONE);
    }

    @Test
    void aStateIsNewsUntilItsUpdateIsEmittedAndAgainWithTasksToAcknowledge() {
        ServerState state = ServerState.of("s1");
        state.alive = true;
        state.lambda = 1.5;
        assertThat(UpdateNews.isNewsAfter(state, false)).as("nothing emitted yet").isTrue();
        state.emittedNews = UpdateNews.fingerprint(state, false);
        assertThat(UpdateNews.isNewsAfter(state, false)).isFalse();
        state.lastHeartbeatAt = 5_000;
        state.recentWaitSeconds = 0.3;
        assertThat(UpdateNews.isNewsAfter(state, false)).as("times alone").isFalse();
        state.acknowledgeEnqueued("t1");
        assertThat(UpdateNews.isNewsAfter(state, false)).as("an ENQUEUED to acknowledge").isTrue();
        state.clearAcknowledgements();
        state.cpu = 0.8;
        assertThat(UpdateNews.isNewsAfter(state, false)).as("the cpu, no GA reading it").isFalse();
        assertThat(UpdateNews.isNewsAfter(state, true)).as("the cpu, the GA reading it").isTrue();
        state.lambda = 1.6;
        assertThat(UpdateNews.isNewsAfter(state, false)).as("a new estimate").isTrue();
    }
}
