package io.qrouter.tools.fleet;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.tools.kafka.EmbeddedKafka;
import java.time.Instant;
import java.util.Map;
import java.util.Properties;
import java.util.Set;
import org.apache.kafka.clients.producer.KafkaProducer;
import org.apache.kafka.clients.producer.ProducerRecord;
import org.apache.kafka.common.serialization.ByteArraySerializer;
import org.apache.kafka.common.serialization.StringSerializer;
import org.junit.jupiter.api.Test;

/**
 * The audit counts from the topics: a task decided only to a server that is not the fleet's is lost
 * (nobody serves it), as is one with no decision and no dead letter.
 */
class DecisionAuditIT {
    @Test
    void aTaskDecidedToAnUnknownServerIsLost() throws Exception {
        try (EmbeddedKafka kafka = EmbeddedKafka.start().createTopics(1)) {
            long start = System.currentTimeMillis();
            Properties props = new Properties();
            props.put("bootstrap.servers", kafka.bootstrapServers());
            AvroCodec<RoutingDecision> decisions = AvroCodec.of(RoutingDecision.class);
            AvroCodec<DeadLetter> letters = AvroCodec.of(DeadLetter.class);
            try (KafkaProducer<String, byte[]> producer =
                    new KafkaProducer<>(props, new StringSerializer(), new ByteArraySerializer())) {
                for (String[] d :
                        new String[][] {
                            {"served", "server-1"},
                            {"to-rogue", "evil-1"},
                            {"twice", "evil-1"},
                            {"twice", "server-2"},
                            {"rescued", "evil-1"},
                            {"rescued", "server-1", "evil-1"},
                            {"rejected", ""}
                        }) {
                    producer.send(
                            new ProducerRecord<>(
                                    TopicNames.DECISIONS,
                                    d[1],
                                    decisions.encode(
                                            decision(d[0], d[1], d.length > 2 ? d[2] : null))));
                }
                producer.send(
                        new ProducerRecord<>(
                                TopicNames.DEAD_LETTER,
                                "x",
                                letters.encode(
                                        DeadLetter.newBuilder()
                                                .setSourceTopic(TopicNames.TASKS)
                                                .setReason("no server")
                                                .setTaskId("dead-lettered")
                                                .build())));
            }
            FleetConfig fleet =
                    FleetConfigTest.config(2, 10, "poisson", 0.5, 0)
                            .withBootstrapServers(kafka.bootstrapServers());
            DecisionAudit audit =
                    DecisionAudit.read(
                            fleet,
                            Set.of(
                                    "served",
                                    "to-rogue",
                                    "twice",
                                    "rescued",
                                    "rejected",
                                    "dead-lettered",
                                    "none"),
                            Set.of(),
                            start - 1_000);
            assertThat(audit.decidedTasks()).isEqualTo(5);
            assertThat(audit.duplicateDecisions()).as("a re-decision is no duplicate").isEqualTo(1);
            assertThat(audit.redecidedTasks()).isEqualTo(1);
            assertThat(audit.deadLetteredTasks()).isEqualTo(1);
            assertThat(audit.tasksToUnknownServers()).isEqualTo(1);
            assertThat(audit.lostTasks()).isEqualTo(2);
            assertThat(audit.toJson())
                    .containsAllEntriesOf(Map.of("lost_tasks", 2L, "tasks_to_unknown_servers", 1L));
        }
    }

    private static RoutingDecision decision(String taskId, String serverId, String redecidedFrom) {
        return RoutingDecision.newBuilder()
                .setTaskId(taskId)
                .setServerId(serverId)
                .setRule(serverId.isEmpty() ? "REJECTED" : "IDLE_QUEUE")
                .setPolicy("jsq")
                .setDecidedAt(Instant.now())
                .setRedecidedFrom(redecidedFrom)
                .build();
    }
}
