package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static io.qrouter.job.Records.task;
import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.Harnesses;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * Loss-aware admission in the router: REJECTED at once, with the M/M/1+M loss probability of the
 * best choice.
 */
class RouterAdmissionTest {
    private static final double MU = 10;
    private static final double ALPHA = 2;

    private static ServerUpdate server(String id, int queue) {
        ServerUpdate s = snapshot(id, 1_000, queue);
        s.setMu(MU);
        s.setAlphaC(ALPHA);
        return s;
    }

    /** P(abandon | n present) = nα/(μ + nα), computed here on its own. */
    private static double loss(int n) {
        return n * ALPHA / (MU + n * ALPHA);
    }

    @Test
    void aTaskWhoseBestChoiceWouldLoseItIsRejectedWithTheProbability() throws Exception {
        RouterSettings settings =
                TestSettings.router(
                        "router.policy", "jsq", "router.admission.max-loss-probability", "0.3");
        try (var router = Harnesses.router(settings, 1, 0, null)) {
            router.setProcessingTime(1_000);
            router.processBroadcastElement(server("a", 5), 1_000);
            router.processBroadcastElement(server("b", 3), 1_000);
            // best choice b: 3 present, P = 6/16 = 0.375 > 0.3
            router.processElement(task("t1", 1_000), 1_000);
            // b drains to 1: P = 2/12 = 0.167 ≤ 0.3, so the next is admitted and routed
            router.processBroadcastElement(server("b", 1), 1_000);
            router.processElement(task("t2", 1_000), 1_000);
            router.processElement(task("t3", 1_000), 1_000);
            router.processElement(task("t4", 1_000), 1_000);

            List<RoutingDecision> out = router.extractOutputValues();
            RoutingDecision rejected = out.get(0);
            assertThat(rejected.getRule()).isEqualTo("REJECTED");
            assertThat(rejected.getServerId()).isEmpty();
            assertThat(rejected.getLossProbability()).isCloseTo(loss(3), within(1e-12));
            assertThat(out.get(1).getServerId()).isEqualTo("b");
            assertThat(out.get(1).getRule()).isEqualTo("JSQ");
            // t2 in flight on b: 2 present, P = 4/14 = 0.286 ≤ 0.3, admitted; then 3 present:
            // rejected again
            assertThat(out.get(2).getServerId()).isEqualTo("b");
            assertThat(out.get(3).getRule()).isEqualTo("REJECTED");
            assertThat(out.get(3).getLossProbability()).isCloseTo(loss(3), within(1e-12));
        }
    }

    @Test
    void withAdmissionOffEveryTaskIsRouted() throws Exception {
        RouterSettings settings = TestSettings.router("router.policy", "jsq");
        try (var router = Harnesses.router(settings, 1, 0, null)) {
            router.setProcessingTime(1_000);
            router.processBroadcastElement(server("a", 50), 1_000);
            router.processElement(task("t1", 1_000), 1_000);
            assertThat(router.extractOutputValues())
                    .extracting(RoutingDecision::getServerId)
                    .containsExactly("a");
            assertThat(router.extractOutputValues().get(0).getLossProbability()).isNull();
        }
    }
}
