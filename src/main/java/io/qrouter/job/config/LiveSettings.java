package io.qrouter.job.config;

import io.qrouter.core.control.AllowList;
import io.qrouter.core.control.ControlRefusal;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.TreeMap;
import java.util.stream.Collectors;

/**
 * The settings of the per-server state that operators may change while the job runs ({@code qrouter
 * control set KEY=VALUE ...}): the down timeout, the adaptive heartbeat's interval range, the
 * events an estimate needs and the update coalescing window. Each only decides what the next record
 * of a server does with the state it has, so a change is safe at any moment. The estimator window
 * and bucket count are not live: they shape the windows every server keeps in state, so changing
 * them needs a restart (which starts every server's window afresh).
 *
 * <p>A value is validated by its {@link ConfigKey}'s rule and the configuration's cross-key checks
 * ({@link JobConfig#with(Map)}), exactly as at start-up. A Flink POJO: the control authentication
 * operator keeps it in keyed state, the per-server state in broadcast state, so a restart from a
 * checkpoint keeps what was set (over the configuration file: after a first {@code set}, all five
 * values are state).
 */
public class LiveSettings {
    /** The keys {@code set} accepts, in the order they are described. */
    public static final List<ConfigKey> KEYS =
            List.of(
                    ConfigKey.SERVER_DOWN_TIMEOUT_MS,
                    ConfigKey.HEARTBEAT_MIN_INTERVAL_MS,
                    ConfigKey.HEARTBEAT_MAX_INTERVAL_MS,
                    ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS,
                    ConfigKey.SERVER_UPDATE_COALESCE_MS);

    /** Server-state keys that reshape the state kept: never live. */
    static final List<ConfigKey> RESTART_ONLY =
            List.of(ConfigKey.SERVER_ESTIMATOR_WINDOW_MS, ConfigKey.SERVER_ESTIMATOR_BUCKETS);

    private long version;
    private long downTimeoutMillis;
    private long heartbeatMinMillis;
    private long heartbeatMaxMillis;
    private int estimatorMinEvents;
    private long updateCoalesceMillis;

    /**
     * The allow-list ({@link io.qrouter.core.control.AllowList#asText}), changed by {@code
     * register} and {@code deregister}; null in state written before it existed: the configured
     * list.
     */
    private String allowList;

    public LiveSettings() {}

    /** The live values of {@code settings}, version 0 (nothing set yet). */
    public static LiveSettings of(ServerStateSettings settings) {
        LiveSettings live = new LiveSettings();
        live.downTimeoutMillis = settings.downTimeout().toMillis();
        live.heartbeatMinMillis = settings.heartbeatMin().toMillis();
        live.heartbeatMaxMillis = settings.heartbeatMax().toMillis();
        live.estimatorMinEvents = settings.estimatorMinEvents();
        live.updateCoalesceMillis = settings.updateCoalesce().toMillis();
        live.allowList = settings.admission().allowList().asText();
        return live;
    }

    /**
     * These settings with {@code values} (key to value) applied, one version up; this object is
     * left as it is. Each value is checked by its key's rule, the heartbeat bounds against each
     * other, and the estimator's minimum against the window and buckets {@code configured}.
     *
     * @throws ControlRefusal naming the key and its valid values, or the live keys; nothing changes
     */
    public LiveSettings set(ServerStateSettings configured, Map<String, String> values)
            throws ControlRefusal {
        if (values.isEmpty()) {
            throw new ControlRefusal("set needs KEY=VALUE arguments; live keys: " + keyNames());
        }
        for (String key : values.keySet()) {
            checkLive(key);
        }
        Map<String, String> next = asConfig();
        next.putAll(values);
        LiveSettings result;
        try {
            result = of(ServerStateSettings.from(JobConfig.defaults().with(next)));
            configured.with(result);
        } catch (ConfigException e) {
            throw new ControlRefusal(e.getMessage());
        }
        result.version = version + 1;
        result.allowList = allowList;
        return result;
    }

    /** These settings with {@code list} as the allow-list, one version up. */
    public LiveSettings withAllowList(AllowList list) {
        LiveSettings result = copy();
        result.allowList = list.asText();
        return result;
    }

    /**
     * The allow-list in force: this one's, else (state from before it existed) {@code configured}.
     */
    public AllowList allowList(AllowList configured) {
        return allowList == null ? configured : AllowList.parse(allowList);
    }

    private LiveSettings copy() {
        LiveSettings copy = new LiveSettings();
        copy.version = version + 1;
        copy.downTimeoutMillis = downTimeoutMillis;
        copy.heartbeatMinMillis = heartbeatMinMillis;
        copy.heartbeatMaxMillis = heartbeatMaxMillis;
        copy.estimatorMinEvents = estimatorMinEvents;
        copy.updateCoalesceMillis = updateCoalesceMillis;
        copy.allowList = allowList;
        return copy;
    }

    private static void checkLive(String key) throws ControlRefusal {
        if (KEYS.stream().anyMatch(k -> k.key().equals(key))) {
            return;
        }
        ConfigKey known = ConfigKey.byName(key);
        String why =
                known == null
                        ? "unknown config key '" + key + "'"
                        : RESTART_ONLY.contains(known)
                                ? "'"
                                        + key
                                        + "' needs a restart: it reshapes the estimator windows"
                                        + " every server keeps in state"
                                : "'" + key + "' cannot be set live, only at start-up";
        throw new ControlRefusal(why + "; live keys: " + keyNames());
    }

    /** The live keys, comma-separated. */
    public static String keyNames() {
        return KEYS.stream().map(ConfigKey::key).collect(Collectors.joining(", "));
    }

    /** Each live key and its value, as configuration text. */
    public Map<String, String> asConfig() {
        Map<String, String> config = new LinkedHashMap<>();
        config.put(ConfigKey.SERVER_DOWN_TIMEOUT_MS.key(), Long.toString(downTimeoutMillis));
        config.put(ConfigKey.HEARTBEAT_MIN_INTERVAL_MS.key(), Long.toString(heartbeatMinMillis));
        config.put(ConfigKey.HEARTBEAT_MAX_INTERVAL_MS.key(), Long.toString(heartbeatMaxMillis));
        config.put(
                ConfigKey.SERVER_ESTIMATOR_MIN_EVENTS.key(), Integer.toString(estimatorMinEvents));
        config.put(ConfigKey.SERVER_UPDATE_COALESCE_MS.key(), Long.toString(updateCoalesceMillis));
        return config;
    }

    /** What changed from {@code before}, e.g. "server.down-timeout.ms 5000 -> 1000". */
    public String changesFrom(LiveSettings before) {
        Map<String, String> was = before.asConfig();
        Map<String, String> changed = new TreeMap<>();
        asConfig()
                .forEach(
                        (key, value) -> {
                            if (!value.equals(was.get(key))) {
                                changed.put(key, was.get(key) + " -> " + value);
                            }
                        });
        return changed.isEmpty()
                ? "no change"
                : changed.entrySet().stream()
                        .map(e -> e.getKey() + " " + e.getValue())
                        .collect(Collectors.joining(", "));
    }

    /** Raised by every applied {@code set}; 0 for the configured values. */
    public long getVersion() {
        return version;
    }

    public void setVersion(long version) {
        this.version = version;
    }

    public long getDownTimeoutMillis() {
        return downTimeoutMillis;
    }

    public void setDownTimeoutMillis(long downTimeoutMillis) {
        this.downTimeoutMillis = downTimeoutMillis;
    }

    public long getHeartbeatMinMillis() {
        return heartbeatMinMillis;
    }

    public void setHeartbeatMinMillis(long heartbeatMinMillis) {
        this.heartbeatMinMillis = heartbeatMinMillis;
    }

    public long getHeartbeatMaxMillis() {
        return heartbeatMaxMillis;
    }

    public void setHeartbeatMaxMillis(long heartbeatMaxMillis) {
        this.heartbeatMaxMillis = heartbeatMaxMillis;
    }

    public int getEstimatorMinEvents() {
        return estimatorMinEvents;
    }

    public void setEstimatorMinEvents(int estimatorMinEvents) {
        this.estimatorMinEvents = estimatorMinEvents;
    }

    public long getUpdateCoalesceMillis() {
        return updateCoalesceMillis;
    }

    public void setUpdateCoalesceMillis(long updateCoalesceMillis) {
        this.updateCoalesceMillis = updateCoalesceMillis;
    }

    public String getAllowList() {
        return allowList;
    }

    public void setAllowList(String allowList) {
        this.allowList = allowList;
    }

    @Override
    public String toString() {
        return "LiveSettings{version "
                + version
                + ", "
                + asConfig()
                + ", allow-list of "
                + (allowList == null ? "(configured)" : AllowList.parse(allowList).size())
                + "}";
    }
}
