package io.qrouter.job.records;

import io.qrouter.core.estimate.BucketedSums;
import io.qrouter.core.estimate.EstimatorConfig;
import io.qrouter.core.estimate.OpenTask;
import io.qrouter.core.estimate.OpenTasks;
import io.qrouter.core.estimate.ServerEstimators;
import io.qrouter.core.estimate.TaskPhase;
import io.qrouter.core.estimate.WindowBucket;
import java.io.IOException;
import java.util.HashMap;
import org.apache.flink.core.memory.DataInputView;
import org.apache.flink.core.memory.DataOutputView;

/**
 * Serializers of the estimators a server's state holds ({@link ServerEstimators}, with its window's
 * buckets and open tasks), and of a window bucket and an open task as state written before format 9
 * of {@link ServerState} kept them, in map states of their own. The classes stay plain POJOs of the
 * Flink-free {@code estimate} package; the state descriptors name these.
 */
public final class EstimatorSerializers {
    private EstimatorSerializers() {}

    /**
     * The {@link ServerEstimators}: the header with its config and the rings' own headers and, from
     * format 5, the window's buckets and the open tasks.
     */
    public static final class Header extends HandWrittenSerializer<ServerEstimators> {
        private static final long serialVersionUID = 1L;

        /**
         * The format new state is written in; {@link HandWrittenSerializer} says when to bump it. 4
         * dropped the arrival-time ring (its size in the config, its header), which nothing read; 5
         * added the buckets and open tasks, which had map states of their own.
         */
        static final int FORMAT = 5;

        private static final Bucket BUCKET = new Bucket();
        private static final Task TASK = new Task();

        public Header() {
            this(FORMAT);
        }

        private Header(int format) {
            super(format);
        }

        /** The serializer that reads and writes {@code format}. */
        static Header inFormat(int format) {
            return new Header(format);
        }

        @Override
        int currentFormat() {
            return FORMAT;
        }

        @Override
        Header withFormat(int format) {
            return new Header(format);
        }

        @Override
        HeaderSnapshot newSnapshot() {
            return new HeaderSnapshot();
        }

        @Override
        public ServerEstimators createInstance() {
            return new ServerEstimators();
        }

        @Override
        public ServerEstimators copy(ServerEstimators from) {
            return new ServerEstimators(
                    copy(from.getConfig()),
                    copy(from.getWindow()),
                    copy(from.getOpenTasks()),
                    from.getFirstEventMillis(),
                    from.getLateEvents(),
                    from.getUnmatchedEvents());
        }

        @Override
        void write(ServerEstimators e, DataOutputView out) throws IOException {
            EstimatorConfig c = e.getConfig();
            out.writeBoolean(c != null);
            if (c != null) {
                out.writeLong(c.getWindowMillis());
                out.writeInt(c.getBucketCount());
                out.writeInt(c.getMinArrivals());
                out.writeInt(c.getMinExits());
                out.writeInt(c.getMinCompletions());
                out.writeInt(c.getMinWaits());
                out.writeInt(c.getMinRecoveries());
                out.writeInt(c.getMaxOpenTasks());
                if (format < 4) {
                    out.writeInt(0); // the arrival-time ring's size
                }
            }
            BucketedSums w = e.getWindow();
            out.writeBoolean(w != null);
            if (w != null) {
                out.writeLong(w.getBucketMillis());
                out.writeInt(w.getBucketCount());
                out.writeInt(w.getSeriesCount());
                out.writeLong(w.getNewestBucket());
                if (format >= 5) {
                    writeRing(w.getRing(), out);
                }
            }
            if (format < 4) {
                out.writeBoolean(false); // no arrival-time ring
            }
            OpenTasks o = e.getOpenTasks();
            out.writeBoolean(o != null);
            if (o != null) {
                out.writeInt(o.getCapacity());
                if (format < 5) {
                    out.writeInt(o.getByTaskId().size());
                }
                out.writeLong(o.getEvicted());
                if (format >= 5) {
                    writeTasks(o.getByTaskId(), out);
                }
            }
            out.writeLong(e.getFirstEventMillis());
            out.writeLong(e.getLateEvents());
            out.writeLong(e.getUnmatchedEvents());
        }

        @Override
        public ServerEstimators deserialize(DataInputView in) throws IOException {
            EstimatorConfig c = null;
            if (in.readBoolean()) {
                c = new EstimatorConfig();
                c.setWindowMillis(in.readLong());
                c.setBucketCount(in.readInt());
                c.setMinArrivals(in.readInt());
                c.setMinExits(in.readInt());
                c.setMinCompletions(in.readInt());
                c.setMinWaits(in.readInt());
                c.setMinRecoveries(in.readInt());
                c.setMaxOpenTasks(in.readInt());
                if (format < 4) {
                    in.readInt(); // the arrival-time ring's size
                }
            }
            BucketedSums w = null;
            if (in.readBoolean()) {
                w = new BucketedSums();
                w.setBucketMillis(in.readLong());
                w.setBucketCount(in.readInt());
                w.setSeriesCount(in.readInt());
                w.setNewestBucket(in.readLong());
                if (format >= 5) {
                    w.setRing(readRing(in));
                }
            }
            if (format < 4 && in.readBoolean()) {
                // the arrival-time ring's header (capacity, next, size), read past; its pages are
                // cleared with their server (EstimatorState)
                in.skipBytesToRead(3 * Integer.BYTES);
            }
            OpenTasks o = null;
            if (in.readBoolean()) {
                o = new OpenTasks();
                o.setCapacity(in.readInt());
                if (format < 5) {
                    in.readInt(); // the count of the tasks in their own map state
                }
                o.setEvicted(in.readLong());
                if (format >= 5) {
                    o.setByTaskId(readTasks(in));
                }
            }
            return new ServerEstimators(c, w, o, in.readLong(), in.readLong(), in.readLong());
        }

        private static EstimatorConfig copy(EstimatorConfig from) {
            if (from == null) {
                return null;
            }
            EstimatorConfig to = new EstimatorConfig();
            to.setWindowMillis(from.getWindowMillis());
            to.setBucketCount(from.getBucketCount());
            to.setMinArrivals(from.getMinArrivals());
            to.setMinExits(from.getMinExits());
            to.setMinCompletions(from.getMinCompletions());
            to.setMinWaits(from.getMinWaits());
            to.setMinRecoveries(from.getMinRecoveries());
            to.setMaxOpenTasks(from.getMaxOpenTasks());
            return to;
        }

        private static BucketedSums copy(BucketedSums from) {
            return from == null ? null : from.copy();
        }

        private static OpenTasks copy(OpenTasks from) {
            return from == null ? null : from.copy();
        }

        /** The ring's length, then each slot that holds a bucket: its index and the bucket. */
        private static void writeRing(WindowBucket[] ring, DataOutputView out) throws IOException {
            out.writeInt(ring == null ? -1 : ring.length);
            if (ring == null) {
                return;
            }
            int held = 0;
            for (WindowBucket bucket : ring) {
                held += bucket == null ? 0 : 1;
            }
            out.writeInt(held);
            for (int slot = 0; slot < ring.length; slot++) {
                if (ring[slot] != null) {
                    out.writeInt(slot);
                    BUCKET.serialize(ring[slot], out);
                }
            }
        }

        private static WindowBucket[] readRing(DataInputView in) throws IOException {
            int length = in.readInt();
            if (length < 0) {
                return null;
            }
            WindowBucket[] ring = new WindowBucket[length];
            for (int held = in.readInt(); held > 0; held--) {
                ring[in.readInt()] = BUCKET.deserialize(in);
            }
            return ring;
        }

        private static void writeTasks(HashMap<String, OpenTask> tasks, DataOutputView out)
                throws IOException {
            out.writeInt(tasks.size());
            for (var task : tasks.entrySet()) {
                Fields.writeString(task.getKey(), out);
                TASK.serialize(task.getValue(), out);
            }
        }

        private static HashMap<String, OpenTask> readTasks(DataInputView in) throws IOException {
            int size = in.readInt();
            HashMap<String, OpenTask> tasks = new HashMap<>(Math.max(16, size * 2));
            for (int i = 0; i < size; i++) {
                tasks.put(Fields.readString(in), TASK.deserialize(in));
            }
            return tasks;
        }
    }

    /** Restored by name: a public no-argument constructor. */
    public static final class HeaderSnapshot
            extends HandWrittenSerializer.FormatSnapshot<ServerEstimators> {
        public HeaderSnapshot() {
            super(new Header());
        }
    }

    /** One {@link WindowBucket}: its index and its sums. */
    public static final class Bucket extends HandWrittenSerializer<WindowBucket> {
        private static final long serialVersionUID = 1L;

        /**
         * The format new state is written in; {@link HandWrittenSerializer} says when to bump it.
         */
        static final int FORMAT = FIRST_FORMAT;

        public Bucket() {
            this(FORMAT);
        }

        private Bucket(int format) {
            super(format);
        }

        @Override
        int currentFormat() {
            return FORMAT;
        }

        @Override
        Bucket withFormat(int format) {
            return new Bucket(format);
        }

        @Override
        BucketSnapshot newSnapshot() {
            return new BucketSnapshot();
        }

        @Override
        public WindowBucket createInstance() {
            return new WindowBucket();
        }

        @Override
        public WindowBucket copy(WindowBucket from) {
            return from.copy();
        }

        @Override
        void write(WindowBucket b, DataOutputView out) throws IOException {
            out.writeLong(b.getBucket());
            double[] sums = b.getSums();
            out.writeInt(sums == null ? -1 : sums.length);
            if (sums != null) {
                for (double sum : sums) {
                    out.writeDouble(sum);
                }
            }
        }

        @Override
        public WindowBucket deserialize(DataInputView in) throws IOException {
            WindowBucket b = new WindowBucket();
            b.setBucket(in.readLong());
            int length = in.readInt();
            if (length >= 0) {
                double[] sums = new double[length];
                for (int i = 0; i < length; i++) {
                    sums[i] = in.readDouble();
                }
                b.setSums(sums);
            }
            return b;
        }
    }

    /** Restored by name: a public no-argument constructor. */
    public static final class BucketSnapshot
            extends HandWrittenSerializer.FormatSnapshot<WindowBucket> {
        public BucketSnapshot() {
            super(new Bucket());
        }
    }

    /** One {@link OpenTask}: its phase and since when. */
    public static final class Task extends HandWrittenSerializer<OpenTask> {
        private static final long serialVersionUID = 1L;

        /**
         * The format new state is written in; {@link HandWrittenSerializer} says when to bump it.
         */
        static final int FORMAT = FIRST_FORMAT;

        public Task() {
            this(FORMAT);
        }

        private Task(int format) {
            super(format);
        }

        @Override
        int currentFormat() {
            return FORMAT;
        }

        @Override
        Task withFormat(int format) {
            return new Task(format);
        }

        @Override
        TaskSnapshot newSnapshot() {
            return new TaskSnapshot();
        }

        @Override
        public OpenTask createInstance() {
            return new OpenTask();
        }

        @Override
        public OpenTask copy(OpenTask from) {
            return from.copy();
        }

        @Override
        void write(OpenTask t, DataOutputView out) throws IOException {
            Fields.writeEnum(t.getPhase(), out);
            out.writeLong(t.getSinceMillis());
        }

        @Override
        public OpenTask deserialize(DataInputView in) throws IOException {
            OpenTask t = new OpenTask();
            t.setPhase(Fields.readEnum(TaskPhase.class, in));
            t.setSinceMillis(in.readLong());
            return t;
        }
    }

    /** Restored by name: a public no-argument constructor. */
    public static final class TaskSnapshot extends HandWrittenSerializer.FormatSnapshot<OpenTask> {
        public TaskSnapshot() {
            super(new Task());
        }
    }
}
