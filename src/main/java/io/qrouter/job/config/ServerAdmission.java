package io.qrouter.job.config;

import io.qrouter.core.control.AllowList;
import java.io.Serializable;
import java.util.Locale;

/**
 * Which servers' heartbeats and lifecycle events the per-server state takes ({@code
 * server.admission}). A record it does not admit changes no state and gets the server no task; it
 * goes to dead-letter with {@link #refusal}'s reason. Why {@code allow-list} is the default, and
 * what each mode protects against, is in docs/operating.md ("Which servers get tasks").
 *
 * @param allowList the servers listed: in {@code allow-list} mode the servers admitted; in {@code
 *     signed} mode, when not empty, a bound on them (so {@code deregister} revokes one server)
 * @param eventsTopic where the lifecycle events come from, for their dead letters
 * @param heartbeatsTopic where the heartbeats come from, for their dead letters
 */
public record ServerAdmission(
        Mode mode, AllowList allowList, String eventsTopic, String heartbeatsTopic)
        implements Serializable {

    /** The modes, by their names in the configuration. */
    public enum Mode {
        /** Every server id is admitted: demos and trusted networks only. */
        OPEN,
        /** Only listed ids and patterns ({@code server.allow-list}, {@code register}). */
        ALLOW_LIST,
        /** Only records signed with the server's own key ({@code server.hmac-secret}). */
        SIGNED;

        public String configName() {
            return name().toLowerCase(Locale.ROOT).replace('_', '-');
        }

        static Mode parse(String name) {
            return valueOf(name.trim().toUpperCase(Locale.ROOT).replace('-', '_'));
        }
    }

    /**
     * @throws ConfigException when an allow-list entry is not valid, or signed admission has no
     *     secret
     */
    public static ServerAdmission from(JobConfig config) {
        Mode mode = Mode.parse(config.choice(ConfigKey.SERVER_ADMISSION));
        if (mode == Mode.SIGNED && config.get(ConfigKey.SERVER_HMAC_SECRET).isEmpty()) {
            throw new ConfigException(
                    ConfigKey.SERVER_HMAC_SECRET.key(),
                    "config key '"
                            + ConfigKey.SERVER_HMAC_SECRET.key()
                            + "' must be set (at least 16 bytes) with "
                            + ConfigKey.SERVER_ADMISSION.key()
                            + "=signed");
        }
        try {
            return new ServerAdmission(
                    mode,
                    AllowList.parse(config.get(ConfigKey.SERVER_ALLOW_LIST)),
                    config.get(ConfigKey.TOPIC_SERVER_EVENTS),
                    config.get(ConfigKey.TOPIC_HEARTBEATS));
        } catch (IllegalArgumentException e) {
            throw new ConfigException(
                    ConfigKey.SERVER_ALLOW_LIST.key(),
                    "config key '" + ConfigKey.SERVER_ALLOW_LIST.key() + "': " + e.getMessage());
        }
    }

    /** These settings with {@code list} as the servers listed. */
    public ServerAdmission withList(AllowList list) {
        return list.equals(allowList)
                ? this
                : new ServerAdmission(mode, list, eventsTopic, heartbeatsTopic);
    }

    /**
     * Null when the records of {@code serverId} are admitted, else why not. A signature is checked
     * where the record is decoded (its bytes are there); here only the list.
     */
    public String refusal(String serverId) {
        boolean listed =
                switch (mode) {
                    case OPEN -> true;
                    case ALLOW_LIST -> allowList.admits(serverId);
                    case SIGNED -> allowList.isEmpty() || allowList.admits(serverId);
                };
        if (listed) {
            return null;
        }
        return "server not admitted: server.admission="
                + mode.configName()
                + " and the id is not on the allow-list ("
                + allowList.size()
                + " entries; add it with: qrouter control register ID)";
    }
}
