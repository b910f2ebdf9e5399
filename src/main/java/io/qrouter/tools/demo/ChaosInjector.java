package io.qrouter.tools.demo;

import io.qrouter.tools.kafka.RecordAddress;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Locale;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.ConcurrentHashMap;
import java.util.concurrent.CopyOnWriteArrayList;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.DoubleSupplier;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;

/**
 * Plays a {@link ChaosSchedule} during a demo, on a thread of its own: at each step's time on the
 * fleet's clock it injects the fault and records when it began and when it was over (the
 * TaskManager gone, the broker back, the poison written). Poison records go out through a producer
 * of its own, and their addresses (topic, partition, offset) are kept, so that their dead letters
 * can be found on the dead-letter topic afterwards.
 */
final class ChaosInjector implements AutoCloseable {
    /** What the faults act on. */
    interface Targets {
        /** Terminates a TaskManager; returns which one. */
        int killTaskManager() throws Exception;

        /** Starts a TaskManager: the replacement of one killed. */
        void startTaskManager() throws Exception;

        void stopBroker();

        void startBroker();
    }

    /** One fault as injected, in fleet seconds; {@code overSeconds} is when its cause was gone. */
    record Injected(Fault fault, double atSeconds, double overSeconds, String detail) {}

    private final ChaosSchedule schedule;
    private final DoubleSupplier clock;
    private final Targets targets;
    private final String bootstrapServers;
    private final Consumer<String> say;
    private final List<Injected> injected = new CopyOnWriteArrayList<>();
    private final Set<RecordAddress> poison = ConcurrentHashMap.newKeySet();
    private final Thread thread;
    private volatile boolean running = true;

    private ChaosInjector(
            ChaosSchedule schedule,
            DoubleSupplier clock,
            Targets targets,
            String bootstrapServers,
            Consumer<String> say) {
        this.schedule = schedule;
        this.clock = clock;
        this.targets = targets;
        this.bootstrapServers = bootstrapServers;
        this.say = say;
        this.thread = new Thread(this::play, "chaos");
        thread.setDaemon(true);
    }

    /**
     * @param clock seconds on the fleet's clock
     * @param say where each fault is announced (one line each)
     */
    static ChaosInjector start(
            ChaosSchedule schedule,
            DoubleSupplier clock,
            Targets targets,
            String bootstrapServers,
            Consumer<String> say) {
        ChaosInjector injector = new ChaosInjector(schedule, clock, targets, bootstrapServers, say);
        injector.thread.start();
        return injector;
    }

    /** The faults injected so far, in order. */
    List<Injected> injected() {
        return List.copyOf(injected);
    }

    /** Where every poison record written so far landed. */
    Set<RecordAddress> poison() {
        return Set.copyOf(poison);
    }

    /**
     * Stops before the next fault (one under way is finished, so the broker is never left down).
     */
    @Override
    public void close() throws InterruptedException {
        running = false;
        thread.interrupt();
        thread.join(TimeUnit.MINUTES.toMillis(2));
    }

    private void play() {
        try (KafkaProducer<String, byte[]> producer = producer()) {
            int poisonRound = 0;
            for (ChaosSchedule.Step step : schedule.steps()) {
                if (!waitUntil(step.at().toMillis() / 1000.0)) {
                    return;
                }
                double at = clock.getAsDouble();
                String detail;
                double over;
                try {
                    detail =
                            switch (step.fault()) {
                                case KILL_TASKMANAGER ->
                                        "TaskManager " + targets.killTaskManager() + " terminated";
                                case RESTART_BROKER -> restartBroker();
                                case POISON -> sendPoison(producer, "poison-" + (++poisonRound));
                            };
                    over = clock.getAsDouble();
                    if (step.fault() == Fault.KILL_TASKMANAGER) {
                        targets.startTaskManager(); // the job restarts on the other one meanwhile
                        detail += ", a new one started";
                    }
                } catch (Exception e) {
                    detail = "failed: " + e;
                    over = clock.getAsDouble();
                }
                injected.add(new Injected(step.fault(), at, over, detail));
                say.accept(
                        String.format(
                                Locale.ROOT,
                                "chaos at %.1f s: %s: %s",
                                at,
                                step.fault().label(),
                                detail));
            }
        }
    }

    private String restartBroker() {
        double down = clock.getAsDouble();
        targets.stopBroker();
        double stopped = clock.getAsDouble();
        try {
            Thread.sleep(schedule.brokerDowntime().toMillis());
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt(); // start it again at once: the demo is ending
        } finally {
            targets.startBroker();
        }
        return String.format(
                Locale.ROOT,
                "broker stopped (in %.1f s), started again after %.1f s on the same port "
                        + "and logs, serving %.1f s after the stop began",
                stopped - down,
                schedule.brokerDowntime().toMillis() / 1000.0,
                clock.getAsDouble() - down);
    }

    private String sendPoison(KafkaProducer<String, byte[]> producer, String tag) throws Exception {
        List<PoisonRecords.Poison> records = PoisonRecords.all(tag, Instant.now());
        List<Future<RecordMetadata>> sent = new ArrayList<>();
        for (PoisonRecords.Poison p : records) {
            sent.add(producer.send(new ProducerRecord<>(p.topic(), p.key(), p.value())));
        }
        producer.flush();
        Set<RecordAddress> landed = new HashSet<>();
        for (Future<RecordMetadata> f : sent) {
            RecordMetadata m = f.get(60, TimeUnit.SECONDS);
            landed.add(new RecordAddress(m.topic(), m.partition(), m.offset()));
        }
        poison.addAll(landed);
        return landed.size() + " records the job must refuse, on its three inputs";
    }

    /** Sleeps until {@code seconds} on the fleet's clock; false when stopped first. */
    private boolean waitUntil(double seconds) {
        while (running) {
            double left = seconds - clock.getAsDouble();
            if (left <= 0) {
                return true;
            }
            try {
                Thread.sleep(Math.max(1, Math.min(200, (long) (left * 1000))));
            } catch (InterruptedException e) {
                return false;
            }
        }
        return false;
    }

    private KafkaProducer<String, byte[]> producer() {
        Properties p = new Properties();
        p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrapServers);
        p.put(ProducerConfig.CLIENT_ID_CONFIG, "qrouter-demo-chaos");
        p.put(ProducerConfig.DELIVERY_TIMEOUT_MS_CONFIG, (int) Duration.ofMinutes(2).toMillis());
        return new KafkaProducer<>(p, new StringSerializer(), new ByteArraySerializer());
    }
}
