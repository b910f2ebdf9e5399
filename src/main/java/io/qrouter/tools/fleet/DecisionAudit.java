package io.qrouter.tools.fleet;

import io.qrouter.avro.DeadLetter;
import io.qrouter.avro.RoutingDecision;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.serde.AvroCodec;
import io.qrouter.job.serde.AvroDecodeException;
import io.qrouter.tools.kafka.CommittedRecords;
import io.qrouter.tools.kafka.RecordAddress;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.Map;
import java.util.Set;

/**
 * What really reached Kafka for a run's tasks, counted from the topics and not from the fleet's own
 * tallies: every committed record of {@code decisions} and {@code dead-letter} since the run
 * started, read back after it, matched to the task ids the run sent. A task with neither is lost,
 * and so is one decided only to servers that are not the fleet's (a rogue or a black hole: nobody
 * serves it); a task with more than one decision was decided twice, unless the later one re-decides
 * it away from a black hole ({@code redecidedFrom}). Records known to be poison (by their address)
 * are looked for among the dead letters' sources.
 *
 * @param decisionRecords decision records for the run's tasks
 * @param decidedTasks distinct tasks with at least one decision
 * @param duplicateDecisions decision records beyond the first per task, re-decisions left out
 * @param redecidedTasks decision records that took a task back from a black hole
 * @param deadLetteredTasks distinct tasks dead-lettered (and never decided)
 * @param lostTasks tasks sent with no decision and no dead letter, plus {@code
 *     tasksToUnknownServers}
 * @param tasksToUnknownServers decided tasks whose every decision named a server not in the fleet
 * @param poisonDeadLettered distinct poison records (of those given) found as the source of a dead
 *     letter
 */
public record DecisionAudit(
        long decisionRecords,
        long decidedTasks,
        long duplicateDecisions,
        long redecidedTasks,
        long deadLetteredTasks,
        long lostTasks,
        long tasksToUnknownServers,
        long poisonDeadLettered) {

    /**
     * Reads both topics back; {@code taskIds} are every task the run sent, warm-up included; {@code
     * poison} the addresses of records written to the inputs that the job must refuse.
     */
    public static DecisionAudit read(
            FleetConfig config,
            Set<String> taskIds,
            Set<RecordAddress> poison,
            long startEpochMillis) {
        AvroCodec<RoutingDecision> decisions = AvroCodec.of(RoutingDecision.class);
        AvroCodec<DeadLetter> deadLetters = AvroCodec.of(DeadLetter.class);
        Map<String, Integer> decisionsByTask = new HashMap<>();
        Set<String> fleet = Set.copyOf(config.serverIds());
        // decided to a server of the fleet, or rejected by loss-aware admission (no server)
        java.util.Set<String> taken = new java.util.HashSet<>();
        java.util.Set<String> deadLettered = new java.util.HashSet<>();
        java.util.Set<RecordAddress> poisonFound = new java.util.HashSet<>();
        long[] redecided = {0};
        CommittedRecords.read(
                config.clientSettings("audit"),
                TopicNames.DECISIONS,
                startEpochMillis,
                record -> {
                    RoutingDecision decision = decodeOrNull(decisions, record.value(), d -> d);
                    if (decision != null && taskIds.contains(decision.getTaskId())) {
                        decisionsByTask.merge(decision.getTaskId(), 1, Integer::sum);
                        if (decision.getRedecidedFrom() != null) {
                            redecided[0]++;
                        }
                        String server = decision.getServerId();
                        if (server.isEmpty() || fleet.contains(server)) {
                            taken.add(decision.getTaskId());
                        }
                    }
                });
        CommittedRecords.read(
                config.clientSettings("audit"),
                TopicNames.DEAD_LETTER,
                startEpochMillis,
                record -> {
                    DeadLetter letter = decodeOrNull(deadLetters, record.value(), l -> l);
                    if (letter == null) {
                        return;
                    }
                    if (letter.getTaskId() != null && taskIds.contains(letter.getTaskId())) {
                        deadLettered.add(letter.getTaskId());
                    }
                    RecordAddress source =
                            new RecordAddress(
                                    letter.getSourceTopic(),
                                    letter.getPartition(),
                                    letter.getOffset());
                    if (poison.contains(source)) {
                        poisonFound.add(source);
                    }
                });
        deadLettered.removeAll(decisionsByTask.keySet());
        long records = decisionsByTask.values().stream().mapToLong(Integer::longValue).sum();
        long toUnknown = decisionsByTask.size() - taken.size();
        long lost = taskIds.size() - decisionsByTask.size() - deadLettered.size() + toUnknown;
        return new DecisionAudit(
                records,
                decisionsByTask.size(),
                records - decisionsByTask.size() - redecided[0],
                redecided[0],
                deadLettered.size(),
                lost,
                toUnknown,
                poisonFound.size());
    }

    /** The audit under report.json's names. */
    public Map<String, Object> toJson() {
        Map<String, Object> out = new LinkedHashMap<>();
        out.put("decision_records", decisionRecords);
        out.put("decided_tasks", decidedTasks);
        out.put("duplicate_decisions", duplicateDecisions);
        out.put("redecided_tasks", redecidedTasks);
        out.put("dead_lettered_tasks", deadLetteredTasks);
        out.put("lost_tasks", lostTasks);
        out.put("tasks_to_unknown_servers", tasksToUnknownServers);
        out.put("poison_dead_lettered", poisonDeadLettered);
        return out;
    }

    private static <T extends org.apache.avro.specific.SpecificRecord, R> R decodeOrNull(
            AvroCodec<T> codec, byte[] value, java.util.function.Function<T, R> field) {
        try {
            return field.apply(codec.decode(value));
        } catch (AvroDecodeException e) {
            return null;
        }
    }
}
