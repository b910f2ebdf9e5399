package io.qrouter.job.records;

import io.qrouter.avro.Health;
import io.qrouter.core.control.RouterControl;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * {@link ServerUpdate}'s serializer: every update crosses a network hop (state → routers, GA, DSRS)
 * and lives in their broadcast state.
 */
public class ServerUpdateSerializer extends HandWrittenSerializer<ServerUpdate> {
    private static final long serialVersionUID = 1L;

    /**
     * The format new state is written in (4 added tasksReceived, 5 slots and the recent wait and
     * service); {@link HandWrittenSerializer} says when to bump it.
     */
    static final int FORMAT = FIRST_FORMAT + 2;

    public ServerUpdateSerializer() {
        this(FORMAT);
    }

    ServerUpdateSerializer(int format) {
        super(format);
    }

    @Override
    int currentFormat() {
        return FORMAT;
    }

    @Override
    ServerUpdateSerializer withFormat(int format) {
        return new ServerUpdateSerializer(format);
    }

    @Override
    Snapshot newSnapshot() {
        return new Snapshot();
    }

    @Override
    public ServerUpdate createInstance() {
        return new ServerUpdate();
    }

    @Override
    public ServerUpdate copy(ServerUpdate from) {
        return deepCopy(from);
    }

    /** A copy sharing nothing mutable with {@code from}. */
    public static ServerUpdate deepCopy(ServerUpdate from) {
        ServerUpdate to = new ServerUpdate();
        to.setServerId(from.getServerId());
        to.setAlive(from.isAlive());
        to.setGone(from.isGone());
        to.setIdle(from.isIdle());
        to.setBusy(from.isBusy());
        to.setQueueLength(from.getQueueLength());
        to.setHeartbeatAt(from.getHeartbeatAt());
        to.setUpdatedAt(from.getUpdatedAt());
        to.setHeartbeat(from.isHeartbeat());
        to.setHeartbeatIntervalMillis(from.getHeartbeatIntervalMillis());
        to.setHealth(from.getHealth());
        to.setServiceRatePerSecond(from.getServiceRatePerSecond());
        to.setLambda(from.getLambda());
        to.setMu(from.getMu());
        to.setAlphaC(from.getAlphaC());
        to.setEta(from.getEta());
        to.setLoadIndexK(from.getLoadIndexK());
        to.setOverloaded(from.isOverloaded());
        to.setRecommendedHeartbeatMillis(from.getRecommendedHeartbeatMillis());
        to.setCpu(from.getCpu());
        to.setMemory(from.getMemory());
        to.setBandwidth(from.getBandwidth());
        to.setHeartbeatTriggers(from.getHeartbeatTriggers());
        to.setLateRecords(from.getLateRecords());
        to.setEnqueuedSinceLastSnapshot(new ArrayList<>(from.getEnqueuedSinceLastSnapshot()));
        to.setEnqueuedOverflow(from.isEnqueuedOverflow());
        to.setTasksReceived(from.getTasksReceived());
        to.setSlots(from.getSlots());
        to.setRecentWaitSeconds(from.getRecentWaitSeconds());
        to.setRecentServiceSeconds(from.getRecentServiceSeconds());
        to.setAdminState(from.getAdminState());
        to.setAdminAccepts(from.isAdminAccepts());
        to.setAdminWeight(from.getAdminWeight());
        to.setRouterControl(copy(from.getRouterControl()));
        return to;
    }

    @Override
    void write(ServerUpdate u, DataOutputView out) throws IOException {
        Fields.writeString(u.getServerId(), out);
        out.writeByte(
                (u.isAlive() ? 1 : 0)
                        | (u.isGone() ? 2 : 0)
                        | (u.isIdle() ? 4 : 0)
                        | (u.isBusy() ? 8 : 0)
                        | (u.isHeartbeat() ? 16 : 0)
                        | (u.isOverloaded() ? 32 : 0)
                        | (u.isEnqueuedOverflow() ? 64 : 0)
                        | (u.isAdminAccepts() ? 128 : 0));
        out.writeInt(u.getQueueLength());
        out.writeLong(u.getHeartbeatAt());
        out.writeLong(u.getUpdatedAt());
        out.writeLong(u.getHeartbeatIntervalMillis());
        Fields.writeEnum(u.getHealth(), out);
        out.writeDouble(u.getServiceRatePerSecond());
        Fields.writeDouble(u.getLambda(), out);
        Fields.writeDouble(u.getMu(), out);
        Fields.writeDouble(u.getAlphaC(), out);
        Fields.writeDouble(u.getEta(), out);
        Fields.writeDouble(u.getLoadIndexK(), out);
        out.writeLong(u.getRecommendedHeartbeatMillis());
        out.writeDouble(u.getCpu());
        out.writeDouble(u.getMemory());
        out.writeDouble(u.getBandwidth());
        out.writeLong(u.getHeartbeatTriggers());
        out.writeLong(u.getLateRecords());
        Fields.writeStrings(u.getEnqueuedSinceLastSnapshot(), out);
        Fields.writeString(u.getAdminState(), out);
        out.writeDouble(u.getAdminWeight());
        RouterControl control = u.getRouterControl();
        out.writeBoolean(control != null);
        if (control != null) {
            out.writeLong(control.getVersion());
            Fields.writeString(control.getPolicy(), out);
            out.writeInt(control.getPowerOfD());
            out.writeDouble(control.getWeightAlpha());
            out.writeDouble(control.getWeightSigma());
            out.writeDouble(control.getWeightR());
            out.writeBoolean(control.isIdleQueue());
        }
        if (format >= 4) {
            out.writeLong(u.getTasksReceived());
        }
        if (format >= 5) {
            out.writeInt(u.getSlots());
            Fields.writeDouble(u.getRecentWaitSeconds(), out);
            Fields.writeDouble(u.getRecentServiceSeconds(), out);
        }
    }

    @Override
    public ServerUpdate deserialize(DataInputView in) throws IOException {
        ServerUpdate u = new ServerUpdate();
        u.setServerId(Fields.readString(in));
        int flags = in.readByte();
        u.setAlive((flags & 1) != 0);
        u.setGone((flags & 2) != 0);
        u.setIdle((flags & 4) != 0);
        u.setBusy((flags & 8) != 0);
        u.setHeartbeat((flags & 16) != 0);
        u.setOverloaded((flags & 32) != 0);
        u.setEnqueuedOverflow((flags & 64) != 0);
        u.setAdminAccepts((flags & 128) != 0);
        u.setQueueLength(in.readInt());
        u.setHeartbeatAt(in.readLong());
        u.setUpdatedAt(in.readLong());
        u.setHeartbeatIntervalMillis(in.readLong());
        u.setHealth(Fields.readEnum(Health.class, in));
        u.setServiceRatePerSecond(in.readDouble());
        u.setLambda(Fields.readDouble(in));
        u.setMu(Fields.readDouble(in));
        u.setAlphaC(Fields.readDouble(in));
        u.setEta(Fields.readDouble(in));
        u.setLoadIndexK(Fields.readDouble(in));
        u.setRecommendedHeartbeatMillis(in.readLong());
        u.setCpu(in.readDouble());
        u.setMemory(in.readDouble());
        u.setBandwidth(in.readDouble());
        u.setHeartbeatTriggers(in.readLong());
        u.setLateRecords(in.readLong());
        u.setEnqueuedSinceLastSnapshot(Fields.readStrings(in));
        u.setAdminState(Fields.readString(in));
        u.setAdminWeight(in.readDouble());
        if (in.readBoolean()) {
            RouterControl control = new RouterControl();
            control.setVersion(in.readLong());
            control.setPolicy(Fields.readString(in));
            control.setPowerOfD(in.readInt());
            control.setWeightAlpha(in.readDouble());
            control.setWeightSigma(in.readDouble());
            control.setWeightR(in.readDouble());
            control.setIdleQueue(in.readBoolean());
            u.setRouterControl(control);
        }
        if (format >= 4) {
            u.setTasksReceived(in.readLong());
        }
        if (format >= 5) {
            u.setSlots(in.readInt());
            u.setRecentWaitSeconds(Fields.readDouble(in));
            u.setRecentServiceSeconds(Fields.readDouble(in));
        }
        return u;
    }

    private static RouterControl copy(RouterControl from) {
        if (from == null) {
            return null;
        }
        RouterControl to = new RouterControl();
        to.setVersion(from.getVersion());
        to.setPolicy(from.getPolicy());
        to.setPowerOfD(from.getPowerOfD());
        to.setWeightAlpha(from.getWeightAlpha());
        to.setWeightSigma(from.getWeightSigma());
        to.setWeightR(from.getWeightR());
        to.setIdleQueue(from.isIdleQueue());
        return to;
    }

    /** Restored by name: a public no-argument constructor. */
    public static final class Snapshot extends FormatSnapshot<ServerUpdate> {
        public Snapshot() {
            super(new ServerUpdateSerializer());
        }
    }

    /** Found by Flink's type extraction through {@code @TypeInfo} on {@link ServerUpdate}. */
    public static final class Factory extends TypeInfoFactory<ServerUpdate> {
        @Override
        public TypeInformation<ServerUpdate> createTypeInfo(
                Type type, Map<String, TypeInformation<?>> genericParameters) {
            return new SerializerTypeInfo<>(ServerUpdate.class, new ServerUpdateSerializer());
        }
    }
}
