package io.qrouter.job.operators;

import static io.qrouter.avro.TaskEventType.COMPLETED;
import static io.qrouter.avro.TaskEventType.ENQUEUED;
import static io.qrouter.avro.TaskEventType.STARTED;
import static io.qrouter.job.Records.event;
import static io.qrouter.job.Records.heartbeat;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.Harnesses;
import io.qrouter.job.RouterHarness;
import io.qrouter.job.ServerStateHarness;
import io.qrouter.job.TestSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.Test;

/**
 * The per-server state and the router wired together as in the job: what a server's lifecycle
 * events tell the per-server state reaches the router's view at once, without waiting for the next
 * heartbeat.
 */
class FreshServerViewTest {
    private ServerStateHarness servers;
    private RouterHarness router;
    private int forwarded;

    @AfterEach
    void close() throws Exception {
        if (servers != null) {
            servers.close();
        }
        if (router != null) {
            router.close();
        }
    }

    @Test
    void aServerThatBecomesIdleJoinsTheIdleQueueWithoutWaitingForAHeartbeat() throws Exception {
        servers = Harnesses.serverState(TestSettings.serverState(), null);
        router =
                Harnesses.router(
                        TestSettings.router("router.policy", "heartbeat-k-live"), 1, 0, null);
        router.setProcessingTime(1_000);
        // Both servers announce themselves busy, one task each; heartbeats every second.
        servers.processHeartbeat(heartbeat("a", 1_000, 1), 1_000);
        servers.processHeartbeat(heartbeat("b", 1_000, 1), 1_000);
        forwardUpdates();

        router.processElement(task("t1", 1_010), 1_010);
        assertThat(last().getRule()).as("nobody is idle yet").isEqualTo("MIN_K");
        String first = last().getServerId();
        String other = first.equals("a") ? "b" : "a";

        // The other server finishes its task 20 ms later: its COMPLETED event, not a heartbeat,
        // frees it.
        servers.processEvent(event(other, "old", COMPLETED, 1_030), 1_030);
        router.setProcessingTime(1_031);
        forwardUpdates();
        router.processElement(task("t2", 1_031), 1_031);
        RoutingDecision next = last();
        assertThat(next.getRule()).isEqualTo("IDLE_QUEUE");
        assertThat(next.getServerId()).isEqualTo(other);
        assertThat(next.getUpdateDelayMillis())
                .as("router clock 1031 − event time 1030")
                .isEqualTo(1);

        // The chosen server's ENQUEUED and STARTED for t2 acknowledge it: it is busy again, not
        // idle twice.
        servers.processEvent(event(other, "t2", ENQUEUED, 1_040), 1_040);
        servers.processEvent(event(other, "t2", STARTED, 1_040), 1_040);
        forwardUpdates();
        router.processElement(task("t3", 1_050), 1_050);
        assertThat(last().getRule()).isEqualTo("MIN_K");
    }

    /** Feeds the per-server state's new updates to the router's broadcast input, in order. */
    private void forwardUpdates() throws Exception {
        List<ServerUpdate> updates = servers.extractOutputValues();
        for (ServerUpdate update : updates.subList(forwarded, updates.size())) {
            router.processBroadcastElement(update, update.getUpdatedAt());
        }
        forwarded = updates.size();
    }

    private RoutingDecision last() {
        List<RoutingDecision> decisions = router.extractOutputValues();
        assertThat(decisions).isNotEmpty();
        return decisions.get(decisions.size() - 1);
    }
}
