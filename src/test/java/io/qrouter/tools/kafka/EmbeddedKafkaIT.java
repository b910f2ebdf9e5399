package io.qrouter.tools.kafka;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;

import io.qrouter.avro.TaskRequest;
import io.qrouter.job.config.TopicNames;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Properties;
import java.util.Set;
import java.util.concurrent.Future;
import java.util.concurrent.TimeUnit;
import org.apache.kafka.clients.admin.Admin;
import org.apache.kafka.clients.admin.AdminClientConfig;
import org.apache.kafka.clients.consumer.ConsumerConfig;
import org.apache.kafka.clients.consumer.ConsumerRecord;
import org.apache.kafka.clients.consumer.KafkaConsumer;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerConfig;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.clients.producer.RecordMetadata;
import org.apache.kafka.common.serialization.StringDeserializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

class EmbeddedKafkaIT {

    @Test
    void startsCreatesTopicsCarriesTransactionalAvroAndCleansUp() throws Exception {
        Path dir;
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            dir = kafka.directory();
            assertThat(dir).isDirectory();
            kafka.createTopics(2);
            Properties admin = new Properties();
            admin.put(AdminClientConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            try (Admin a = Admin.create(admin)) {
                assertThat(a.listTopics().names().get()).containsAll(TopicNames.ALL);
            }
            Topics.createAll(kafka.bootstrapServers(), 2, (short) 1); // existing topics are fine

            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            p.put(ProducerConfig.TRANSACTIONAL_ID_CONFIG, "embedded-kafka-it");
            try (KafkaProducer<String, TaskRequest> producer =
                    new KafkaProducer<>(
                            p, new StringSerializer(), new AvroSerializer<>(TaskRequest.class))) {
                producer.initTransactions();
                producer.beginTransaction();
                producer.send(new ProducerRecord<>(TopicNames.TASKS, "aborted", task("aborted")));
                producer.abortTransaction();
                producer.beginTransaction();
                for (int i = 0; i < 5; i++) {
                    producer.send(new ProducerRecord<>(TopicNames.TASKS, "t-" + i, task("t-" + i)));
                }
                producer.commitTransaction();
            }

            Properties c = new Properties();
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            c.put(ConsumerConfig.GROUP_ID_CONFIG, "it");
            c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            c.put(ConsumerConfig.ISOLATION_LEVEL_CONFIG, "read_committed");
            List<String> ids = new ArrayList<>();
            try (KafkaConsumer<String, TaskRequest> consumer =
                    new KafkaConsumer<>(
                            c,
                            new StringDeserializer(),
                            new AvroDeserializer<>(TaskRequest.class))) {
                consumer.subscribe(Set.of(TopicNames.TASKS));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (ids.size() < 5 && System.nanoTime() < deadline) {
                    for (ConsumerRecord<String, TaskRequest> r :
                            consumer.poll(Duration.ofMillis(200))) {
                        assertThat(r.key()).isEqualTo(r.value().getTaskId());
                        ids.add(r.value().getTaskId());
                    }
                }
                // the aborted record must never show up, even after the committed ones arrived
                consumer.poll(Duration.ofMillis(500)).forEach(r -> ids.add(r.value().getTaskId()));
            }
            assertThat(ids).containsExactlyInAnyOrder("t-0", "t-1", "t-2", "t-3", "t-4");
        }
        assertThat(Files.exists(dir)).isFalse();
    }

    /**
     * Right after {@link Topics#create} returns, a consumer is told every partition of every new
     * topic (the creation waits for the broker's metadata, not only the controller's answer) and an
     * idempotent producer's sends are all taken (it waits for each partition's leader to serve it:
     * a first batch refused while a second is taken leaves the producer out of sequence for good).
     */
    @Test
    void aCreatedTopicIsKnownAndWritableWhenCreateReturns() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start()) {
            Properties c = new Properties();
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, kafka.bootstrapServers());
            p.put(ProducerConfig.LINGER_MS_CONFIG, "0");
            // a request per few records: many batches in flight to each new partition at once
            p.put(ProducerConfig.BATCH_SIZE_CONFIG, "64");
            for (int round = 0; round < 20; round++) {
                List<String> names = List.of("fresh-a-" + round, "fresh-b-" + round);
                Topics.create(kafka.bootstrapServers(), names, 3, (short) 1);
                try (KafkaConsumer<String, String> consumer =
                                new KafkaConsumer<>(
                                        c, new StringDeserializer(), new StringDeserializer());
                        KafkaProducer<String, String> producer =
                                new KafkaProducer<>(
                                        p, new StringSerializer(), new StringSerializer())) {
                    for (String name : names) {
                        assertThat(consumer.partitionsFor(name)).as(name).hasSize(3);
                    }
                    List<Future<RecordMetadata>> sent = new ArrayList<>();
                    for (int i = 0; i < 300; i++) {
                        sent.add(
                                producer.send(
                                        new ProducerRecord<>(
                                                names.get(i % 2), i % 3, null, "record-" + i)));
                    }
                    for (Future<RecordMetadata> record : sent) {
                        assertThat(record.get(30, TimeUnit.SECONDS).hasOffset()).isTrue();
                    }
                }
            }
        }
    }

    /**
     * A real restart: while stopped nothing listens on the port; afterwards the same address serves
     * the records written before (same log directories), and a producer created before the stop
     * carries on.
     */
    @Test
    void theBrokerRestartsOnTheSamePortWithItsData() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start().createTopics(1)) {
            String bootstrap = kafka.bootstrapServers();
            Properties p = new Properties();
            p.put(ProducerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            try (KafkaProducer<String, TaskRequest> producer =
                    new KafkaProducer<>(
                            p, new StringSerializer(), new AvroSerializer<>(TaskRequest.class))) {
                producer.send(new ProducerRecord<>(TopicNames.TASKS, "before", task("before")))
                        .get();

                kafka.stopBroker();
                String[] hostPort = bootstrap.split(":");
                assertThatThrownBy(
                                () ->
                                        new java.net.Socket(
                                                        hostPort[0], Integer.parseInt(hostPort[1]))
                                                .close())
                        .as("nothing listens while the broker is down")
                        .isInstanceOf(java.io.IOException.class);
                kafka.startBroker();

                assertThat(kafka.bootstrapServers()).isEqualTo(bootstrap);
                producer.send(new ProducerRecord<>(TopicNames.TASKS, "after", task("after")))
                        .get(60, TimeUnit.SECONDS);
            }
            Properties c = new Properties();
            c.put(ConsumerConfig.BOOTSTRAP_SERVERS_CONFIG, bootstrap);
            c.put(ConsumerConfig.GROUP_ID_CONFIG, "restart-it");
            c.put(ConsumerConfig.AUTO_OFFSET_RESET_CONFIG, "earliest");
            List<String> ids = new ArrayList<>();
            try (KafkaConsumer<String, TaskRequest> consumer =
                    new KafkaConsumer<>(
                            c,
                            new StringDeserializer(),
                            new AvroDeserializer<>(TaskRequest.class))) {
                consumer.subscribe(Set.of(TopicNames.TASKS));
                long deadline = System.nanoTime() + Duration.ofSeconds(30).toNanos();
                while (ids.size() < 2 && System.nanoTime() < deadline) {
                    consumer.poll(Duration.ofMillis(200))
                            .forEach(r -> ids.add(r.value().getTaskId()));
                }
            }
            assertThat(ids).containsExactly("before", "after");
        }
    }

    private static TaskRequest task(String id) {
        return TaskRequest.newBuilder().setTaskId(id).setCreatedAt(Instant.now()).build();
    }
}
