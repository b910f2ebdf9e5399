package io.qrouter.job.state;

import io.qrouter.core.control.ControlState;
import io.qrouter.job.config.LiveSettings;
import io.qrouter.job.records.ServerUpdate;
import io.qrouter.job.records.StoredServerUpdateSerializer;
import io.qrouter.job.records.StringKeySerializer;
import org.apache.flink.api.common.state.MapStateDescriptor;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeinfo.Types;

/**
 * The job's broadcast state descriptors, in one place. Their name strings are what savepoints
 * restore by: they keep their first names ("server-snapshots" predates the snapshot → update
 * rename) and must never change.
 */
public final class BroadcastStates {
    private BroadcastStates() {}

    /**
     * The latest update of every known server, by server id: what routers and DSRS decide on. A
     * checkpoint shares the stored updates instead of copying them ({@link
     * StoredServerUpdateSerializer}).
     */
    public static final MapStateDescriptor<String, ServerUpdate> SERVER_UPDATES =
            new MapStateDescriptor<>(
                    "server-snapshots",
                    StringKeySerializer.INSTANCE,
                    new StoredServerUpdateSerializer());

    /** GA batches: each server's latest update and recent load indices, by server id. */
    public static final MapStateDescriptor<String, GaServerView> GA_SERVERS =
            new MapStateDescriptor<>(
                    "ga-servers", Types.STRING, TypeInformation.of(GaServerView.class));

    /** The operators' control state: one entry, under {@link #CONTROL_KEY}. */
    public static final MapStateDescriptor<String, ControlState> CONTROL =
            new MapStateDescriptor<>(
                    "control-state", Types.STRING, TypeInformation.of(ControlState.class));

    /** The one key of {@link #CONTROL} (and of the control operators' input). */
    public static final String CONTROL_KEY = "control";

    /** The per-server state's live settings: one entry, under {@link #LIVE_KEY}. */
    public static final MapStateDescriptor<String, LiveSettings> LIVE_SETTINGS =
            new MapStateDescriptor<>(
                    "live-settings", Types.STRING, TypeInformation.of(LiveSettings.class));

    /** The one key of {@link #LIVE_SETTINGS}. */
    public static final String LIVE_KEY = "live";
}
