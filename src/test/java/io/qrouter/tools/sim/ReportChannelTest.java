package io.qrouter.tools.sim;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.policy.Policies;
import io.qrouter.core.policy.PolicyConfig;
import io.qrouter.core.policy.PolicyName;
import io.qrouter.core.policy.RoutingPolicy;
import io.qrouter.core.policy.ServerSnapshot;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class ReportChannelTest {

    @Test
    void aReportOvertakenByALaterOneStillAcknowledgesItsTasksAgainstTheLaterQueue() {
        RoutingPolicy router =
                Policies.create(PolicyConfig.of(PolicyName.JSQ), new SplittableRandom(1));
        // the report sent at 0 takes 0.5 to arrive, the one sent at 0.1 takes 0.1: it overtakes
        Delay delay = Delay.recorded(new double[] {0, 0.1}, new double[] {0.5, 0.1});
        ReportChannel channel =
                new ReportChannel(new RoutingPolicy[] {router}, null, 1, true, delay);
        EventQueue events = new EventQueue();
        SplittableRandom random = new SplittableRandom(2);

        channel.decided(0, "s0", "t1", 0);
        channel.enqueued(0, "t1");
        channel.send(0, report(0, 1), 0, random, events); // lists t1
        channel.send(0, report(100, 1), 0.1, random, events); // lists nothing new

        events.pop();
        assertThat(events.time()).isEqualTo(0.2);
        channel.arrive(events.arg(), events.time());
        int slot = router.view().slotOf("s0");
        assertThat(router.view().load(slot))
                .as("t1 is in the queue, and as far as the router knows still on its way")
                .isEqualTo(2);

        events.pop();
        assertThat(events.time()).isEqualTo(0.5);
        channel.arrive(events.arg(), events.time());
        assertThat(router.view().load(slot))
                .as("the late report acknowledges t1: it is counted once, in the queue")
                .isEqualTo(1);
        assertThat(router.view().snapshot(slot).sentAtMillis())
                .as("the later report's queue stands")
                .isEqualTo(100);
    }

    private static ServerSnapshot report(long sentAtMillis, int queue) {
        return new ServerSnapshot("s0", sentAtMillis, true, queue, queue > 0, 1.0, 0, 1.0, 0);
    }
}
