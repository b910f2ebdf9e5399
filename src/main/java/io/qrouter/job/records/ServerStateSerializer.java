package io.qrouter.job.records;

import io.qrouter.avro.Health;
import java.io.IOException;
import java.lang.reflect.Type;
import java.util.ArrayList;
import java.util.Map;
import org.apache.flink.api.common.typeinfo.TypeInfoFactory;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * {@link ServerState}'s serializer: under RocksDB the per-server state operator reads and writes it
 * on every lifecycle event and heartbeat.
 */
public final class ServerStateSerializer extends HandWrittenSerializer<ServerState> {
    private static final long serialVersionUID = 1L;

    /**
     * The format new state is written in (4 added tasksReceived, 5 slots and the recent wait and
     * service, 6 the metrics last written, 7 the queue changes, which had a list state of their
     * own, 8 the estimators' header, which had a value state of its own, in the header's format 4,
     * 9 the window's buckets and the open tasks, which had map states of their own, in the header's
     * format 5: a new format of the header is a new format here); {@link HandWrittenSerializer}
     * says when to bump it.
     */
    static final int FORMAT = FIRST_FORMAT + 6;

    /** The estimators in the header's format this format embeds. */
    private final EstimatorSerializers.Header estimators;

    public ServerStateSerializer() {
        this(FORMAT);
    }

    private ServerStateSerializer(int format) {
        super(format);
        this.estimators = EstimatorSerializers.Header.inFormat(format >= 9 ? 5 : 4);
    }

    @Override
    int currentFormat() {
        return FORMAT;
    }

    @Override
    ServerStateSerializer withFormat(int format) {
        return new ServerStateSerializer(format);
    }

    @Override
    Snapshot newSnapshot() {
        return new Snapshot();
    }

    @Override
    public ServerState createInstance() {
        return new ServerState();
    }

    @Override
    public ServerState copy(ServerState from) {
        ServerState to = new ServerState();
        to.serverId = from.serverId;
        to.admittedInEpoch = from.admittedInEpoch;
        to.alive = from.alive;
        to.lastHeartbeatAt = from.lastHeartbeatAt;
        to.reportedQueueLength = from.reportedQueueLength;
        to.busy = from.busy;
        to.serviceRatePerSecond = from.serviceRatePerSecond;
        to.cpu = from.cpu;
        to.memory = from.memory;
        to.bandwidth = from.bandwidth;
        to.health = from.health;
        to.heartbeatIntervalMillis = from.heartbeatIntervalMillis;
        to.recommendedHeartbeatMillis = from.recommendedHeartbeatMillis;
        to.heartbeatTriggers = from.heartbeatTriggers;
        to.lateRecords = from.lateRecords;
        to.downTimerAt = from.downTimerAt;
        to.downAt = from.downAt;
        to.forgetTimerAt = from.forgetTimerAt;
        to.updateTimerAt = from.updateTimerAt;
        to.updatedAt = from.updatedAt;
        to.queueChangeSinceHeartbeat = from.queueChangeSinceHeartbeat;
        to.eventAfterHeartbeat = from.eventAfterHeartbeat;
        to.emittedQueueLength = from.emittedQueueLength;
        to.emittedNews = from.emittedNews;
        to.lambda = from.lambda;
        to.mu = from.mu;
        to.alphaC = from.alphaC;
        to.eta = from.eta;
        to.loadIndexK = from.loadIndexK;
        to.overloaded = from.overloaded;
        to.enqueued = from.enqueued;
        to.started = from.started;
        to.completed = from.completed;
        to.abandoned = from.abandoned;
        to.cancelled = from.cancelled;
        to.restored = from.restored;
        to.enqueuedSinceSnapshot = new ArrayList<>(from.enqueuedSinceSnapshot);
        to.enqueuedOverflow = from.enqueuedOverflow;
        to.tasksReceived = from.tasksReceived;
        to.slots = from.slots;
        to.metricsFingerprint = from.metricsFingerprint;
        to.metricsWrittenAt = from.metricsWrittenAt;
        to.recentWaitSeconds = from.recentWaitSeconds;
        to.recentServiceSeconds = from.recentServiceSeconds;
        to.queueChanges = from.queueChanges.copy();
        to.queueChangesInLegacyList = from.queueChangesInLegacyList;
        to.estimators = from.estimators == null ? null : estimators.copy(from.estimators);
        to.estimatorsInLegacyState = from.estimatorsInLegacyState;
        to.windowInLegacyState = from.windowInLegacyState;
        return to;
    }

    @Override
    void write(ServerState s, DataOutputView out) throws IOException {
        Fields.writeString(s.serverId, out);
        out.writeByte(
                (s.alive ? 1 : 0)
                        | (s.busy ? 2 : 0)
                        | (s.eventAfterHeartbeat ? 4 : 0)
                        | (s.overloaded ? 8 : 0)
                        | (s.enqueuedOverflow ? 16 : 0));
        out.writeLong(s.lastHeartbeatAt);
        out.writeInt(s.reportedQueueLength);
        out.writeDouble(s.serviceRatePerSecond);
        out.writeDouble(s.cpu);
        out.writeDouble(s.memory);
        out.writeDouble(s.bandwidth);
        Fields.writeEnum(s.health, out);
        out.writeLong(s.heartbeatIntervalMillis);
        out.writeLong(s.recommendedHeartbeatMillis);
        out.writeLong(s.heartbeatTriggers);
        out.writeLong(s.lateRecords);
        out.writeLong(s.downTimerAt);
        out.writeLong(s.downAt);
        out.writeLong(s.forgetTimerAt);
        out.writeLong(s.updateTimerAt);
        out.writeLong(s.updatedAt);
        out.writeInt(s.queueChangeSinceHeartbeat);
        out.writeInt(s.emittedQueueLength);
        out.writeLong(s.emittedNews);
        Fields.writeDouble(s.lambda, out);
        Fields.writeDouble(s.mu, out);
        Fields.writeDouble(s.alphaC, out);
        Fields.writeDouble(s.eta, out);
        Fields.writeDouble(s.loadIndexK, out);
        out.writeInt(s.enqueued);
        out.writeInt(s.started);
        out.writeInt(s.completed);
        out.writeInt(s.abandoned);
        out.writeInt(s.cancelled);
        out.writeInt(s.restored);
        Fields.writeStrings(s.enqueuedSinceSnapshot, out);
        if (format >= 4) {
            out.writeLong(s.tasksReceived);
        }
        if (format >= 5) {
            out.writeInt(s.slots);
            Fields.writeDouble(s.recentWaitSeconds, out);
            Fields.writeDouble(s.recentServiceSeconds, out);
        }
        if (format >= 6) {
            out.writeLong(s.metricsFingerprint);
            out.writeLong(s.metricsWrittenAt);
        }
        if (format >= 7) {
            out.writeBoolean(s.queueChangesInLegacyList);
            s.queueChanges.write(out);
        }
        if (format >= 8) {
            out.writeBoolean(s.estimatorsInLegacyState);
            out.writeBoolean(s.estimators != null);
            if (s.estimators != null) {
                estimators.serialize(s.estimators, out);
            }
        }
        if (format >= 9) {
            out.writeBoolean(s.windowInLegacyState);
        }
    }

    @Override
    public ServerState deserialize(DataInputView in) throws IOException {
        ServerState s = new ServerState();
        s.serverId = Fields.readString(in);
        int flags = in.readByte();
        s.alive = (flags & 1) != 0;
        s.busy = (flags & 2) != 0;
        s.eventAfterHeartbeat = (flags & 4) != 0;
        s.overloaded = (flags & 8) != 0;
        s.enqueuedOverflow = (flags & 16) != 0;
        s.lastHeartbeatAt = in.readLong();
        s.reportedQueueLength = in.readInt();
        s.serviceRatePerSecond = in.readDouble();
        s.cpu = in.readDouble();
        s.memory = in.readDouble();
        s.bandwidth = in.readDouble();
        s.health = Fields.readEnum(Health.class, in);
        s.heartbeatIntervalMillis = in.readLong();
        s.recommendedHeartbeatMillis = in.readLong();
        s.heartbeatTriggers = in.readLong();
        s.lateRecords = in.readLong();
        s.downTimerAt = in.readLong();
        s.downAt = in.readLong();
        s.forgetTimerAt = in.readLong();
        s.updateTimerAt = in.readLong();
        s.updatedAt = in.readLong();
        s.queueChangeSinceHeartbeat = in.readInt();
        s.emittedQueueLength = in.readInt();
        s.emittedNews = in.readLong();
        s.lambda = Fields.readDouble(in);
        s.mu = Fields.readDouble(in);
        s.alphaC = Fields.readDouble(in);
        s.eta = Fields.readDouble(in);
        s.loadIndexK = Fields.readDouble(in);
        s.enqueued = in.readInt();
        s.started = in.readInt();
        s.completed = in.readInt();
        s.abandoned = in.readInt();
        s.cancelled = in.readInt();
        s.restored = in.readInt();
        s.enqueuedSinceSnapshot = Fields.readStrings(in);
        if (format >= 4) {
            s.tasksReceived = in.readLong();
        }
        if (format >= 5) {
            s.slots = in.readInt();
            s.recentWaitSeconds = Fields.readDouble(in);
            s.recentServiceSeconds = Fields.readDouble(in);
        }
        if (format >= 6) {
            s.metricsFingerprint = in.readLong();
            s.metricsWrittenAt = in.readLong();
        }
        if (format >= 7) {
            s.queueChangesInLegacyList = in.readBoolean();
            s.queueChanges = QueueChanges.read(in);
        } else {
            // the list state holds changes only while an event is newer than the last heartbeat
            s.queueChangesInLegacyList = s.eventAfterHeartbeat;
        }
        if (format >= 8) {
            s.estimatorsInLegacyState = in.readBoolean();
            s.estimators = in.readBoolean() ? estimators.deserialize(in) : null;
        } else {
            s.estimatorsInLegacyState = true;
        }
        s.windowInLegacyState = format < 9 || in.readBoolean();
        return s;
    }

    /** Restored by name: a public no-argument constructor. */
    public static final class Snapshot extends FormatSnapshot<ServerState> {
        public Snapshot() {
            super(new ServerStateSerializer());
        }
    }

    /** Found by Flink's type extraction through {@code @TypeInfo} on {@link ServerState}. */
    public static final class Factory extends TypeInfoFactory<ServerState> {
        @Override
        public TypeInformation<ServerState> createTypeInfo(
                Type type, Map<String, TypeInformation<?>> genericParameters) {
            return new SerializerTypeInfo<>(ServerState.class, new ServerStateSerializer());
        }
    }
}
