package io.qrouter.architecture;

import static org.assertj.core.api.Assertions.assertThatThrownBy;

import com.tngtech.archunit.core.domain.JavaClasses;
import com.tngtech.archunit.core.importer.ClassFileImporter;
import com.tngtech.archunit.lang.ArchRule;
import java.util.stream.Stream;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.Arguments;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every rule of {@link ArchitectureRules} fails on a class that leaks the way it forbids: the
 * fixtures under the {@code leaks} test packages, which the production check never sees.
 */
class ArchitectureRulesFailOnLeaksTest {
    static Stream<Arguments> rulesAndLeaks() {
        return Stream.of(
                leak(
                        ArchitectureRules.CORE_IS_FREE_OF_FLINK_KAFKA_AND_AVRO,
                        io.qrouter.core.leaks.UsesFlink.class),
                leak(
                        ArchitectureRules.THE_SIMULATOR_IS_FREE_OF_FLINK_KAFKA_AND_AVRO,
                        io.qrouter.tools.sim.leaks.UsesKafka.class),
                leak(
                        ArchitectureRules.CORE_USES_NEITHER_JOB_NOR_TOOLS,
                        io.qrouter.core.leaks.UsesTheJob.class),
                leak(
                        ArchitectureRules.THE_JOB_USES_ONLY_CORE,
                        io.qrouter.job.leaks.UsesTools.class),
                leak(
                        ArchitectureRules.ONLY_THE_LAUNCHER_USES_THE_BENCH,
                        io.qrouter.tools.fleet.leaks.UsesBench.class),
                leak(
                        ArchitectureRules.THE_MODEL_DOES_NOT_USE_THE_SCHEDULERS,
                        io.qrouter.core.queueing.leaks.UsesPolicy.class),
                leak(
                        ArchitectureRules.CONFIG_KNOWS_NO_OTHER_ROOM,
                        io.qrouter.job.config.leaks.UsesRecords.class),
                leak(
                        ArchitectureRules.RECORDS_ARE_PLAIN_DATA,
                        io.qrouter.job.records.leaks.UsesConvert.class),
                leak(
                        ArchitectureRules.CONVERT_USES_ONLY_RECORDS_AND_CONFIG,
                        io.qrouter.job.convert.leaks.UsesSerde.class),
                leak(
                        ArchitectureRules.SERDE_DOES_NOT_USE_STATE_OR_OPERATORS,
                        io.qrouter.job.serde.leaks.UsesState.class),
                leak(
                        ArchitectureRules.STATE_DOES_NOT_USE_OPERATORS,
                        io.qrouter.job.state.leaks.UsesOperators.class),
                leak(
                        ArchitectureRules.OPERATORS_DO_NOT_USE_THE_WIRING,
                        io.qrouter.job.operators.leaks.UsesWiring.class),
                leak(
                        ArchitectureRules.OPERATORS_READ_NO_CONFIGURATION_KEYS,
                        io.qrouter.job.operators.leaks.ReadsConfig.class),
                leak(
                        ArchitectureRules.THE_JOBS_ROOMS_HAVE_NO_CYCLE,
                        io.qrouter.job.cyclea.leaks.RoomA.class,
                        io.qrouter.job.cycleb.leaks.RoomB.class),
                leak(
                        ArchitectureRules.THE_FOUR_PARTS_HAVE_NO_CYCLE,
                        io.qrouter.cyclec.leaks.PartC.class,
                        io.qrouter.cycled.leaks.PartD.class));
    }

    @ParameterizedTest
    @MethodSource("rulesAndLeaks")
    void eachRuleFailsOnItsLeak(ArchRule rule, JavaClasses leaking) {
        // "was violated", not "failed to check any classes": the leak, not an empty import, breaks
        // it
        assertThatThrownBy(() -> rule.check(leaking))
                .isInstanceOf(AssertionError.class)
                .hasMessageContaining("was violated");
    }

    private static Arguments leak(ArchRule rule, Class<?>... fixtures) {
        return Arguments.of(rule, new ClassFileImporter().importClasses(fixtures));
    }
}
