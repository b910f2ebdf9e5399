package io.qrouter.job;

import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Queue;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.ConcurrentLinkedQueue;
import org.apache.flink.api.connector.sink2.Sink;
import org.apache.flink.api.connector.sink2.SinkWriter;
import org.apache.flink.api.connector.sink2.WriterInitContext;

/**
 * A sink that keeps what it receives in this JVM, under a name, so a MiniCluster test reads a job's
 * outputs without Kafka. Every subtask appends to the same queue.
 */
public final class CollectSink<T> implements Sink<T> {
    private static final long serialVersionUID = 1L;
    private static final Map<String, Queue<Object>> RECEIVED = new ConcurrentHashMap<>();

    private final String name;

    public CollectSink(String name) {
        this.name = name;
        RECEIVED.put(name, new ConcurrentLinkedQueue<>());
    }

    @SuppressWarnings("unchecked")
    public List<T> received() {
        return new ArrayList<>((Queue<T>) RECEIVED.get(name));
    }

    @Override
    public SinkWriter<T> createWriter(WriterInitContext context) {
        Queue<Object> into = RECEIVED.get(name);
        return new SinkWriter<>() {
            @Override
            public void write(T element, Context ctx) {
                into.add(element);
            }

            @Override
            public void flush(boolean endOfInput) {}

            @Override
            public void close() {}
        };
    }
}
