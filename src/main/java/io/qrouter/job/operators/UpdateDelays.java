package io.qrouter.job.operators;

import java.util.HashMap;
import java.util.Map;
import java.util.SplittableRandom;

/**
 * How late server updates reach a router. Per server, the newest update's delay: how fresh the
 * information behind a decision was. And one delay drawn uniformly from the updates received since
 * the previous decision, whichever server sent them: the pipeline's lag over time. The twin needs
 * the second, because a server whose update is late is not chosen meanwhile, so the chosen servers'
 * delays miss exactly the late ones.
 */
final class UpdateDelays {
    private final Map<String, Long> byServer = new HashMap<>();
    private final SplittableRandom random;
    private int sinceDraw;
    private long drawn;

    UpdateDelays(long seed) {
        random = new SplittableRandom(seed);
    }

    /** An update of {@code serverId} arrived {@code delayMillis} after the event it reflects. */
    void received(String serverId, long delayMillis) {
        byServer.put(serverId, delayMillis);
        // reservoir sampling of one: the k-th update since the last draw replaces it with chance
        // 1/k
        if (random.nextInt(++sinceDraw) == 0) {
            drawn = delayMillis;
        }
    }

    void forget(String serverId) {
        byServer.remove(serverId);
    }

    /** The newest update's delay of {@code serverId}; null when none arrived. */
    Long ofServer(String serverId) {
        return byServer.get(serverId);
    }

    /** One delay drawn uniformly from the updates since the previous call; null when none came. */
    Long drawSinceLast() {
        if (sinceDraw == 0) {
            return null;
        }
        sinceDraw = 0;
        return drawn;
    }
}
