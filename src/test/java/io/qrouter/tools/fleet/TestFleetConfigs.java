package io.qrouter.tools.fleet;

import java.util.Map;

/** Fleet configurations for tests that never reach a broker. */
public final class TestFleetConfigs {
    private TestFleetConfigs() {}

    /** Two servers, 10 tasks/s at load 0.5, an unreachable broker. */
    public static FleetConfig twoServers() {
        return new FleetConfig(
                "localhost:1",
                2,
                10,
                "poisson",
                0.5,
                0,
                2,
                1000,
                1,
                "run",
                "group",
                Map.of(),
                0,
                5,
                FailingServers.NONE,
                ServerModel.DEFAULT);
    }
}
