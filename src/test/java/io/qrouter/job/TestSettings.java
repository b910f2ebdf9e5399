package io.qrouter.job;

import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.config.GaSettings;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.RouterSettings;
import io.qrouter.job.config.ServerStateSettings;
import java.util.HashMap;
import java.util.Map;

/**
 * Operator settings for tests, from configuration keys (as a user sets them): {@code
 * router("router.policy", "jsq")}. Every server is admitted ({@code server.allow-list=*}) unless
 * the keys say otherwise.
 */
public final class TestSettings {
    private TestSettings() {}

    public static JobConfig config(String... keysAndValues) {
        if (keysAndValues.length % 2 != 0) {
            throw new IllegalArgumentException("keys and values come in pairs");
        }
        Map<String, String> settings = new HashMap<>();
        // the tests' servers have ids of every shape: every one is admitted unless a test says
        settings.put("server.allow-list", "*");
        for (int i = 0; i < keysAndValues.length; i += 2) {
            settings.put(keysAndValues[i], keysAndValues[i + 1]);
        }
        return JobConfig.of(settings);
    }

    public static RouterSettings router(String... keysAndValues) {
        return RouterSettings.from(config(keysAndValues));
    }

    public static ServerStateSettings serverState(String... keysAndValues) {
        return ServerStateSettings.from(config(keysAndValues));
    }

    public static DsrsSettings dsrs(String... keysAndValues) {
        return DsrsSettings.from(config(keysAndValues));
    }

    public static GaSettings ga(String... keysAndValues) {
        return GaSettings.from(config(keysAndValues));
    }
}
