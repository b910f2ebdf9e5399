package io.qrouter.architecture;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/** The production classes keep every rule of {@link ArchitectureRules}. */
@AnalyzeClasses(packages = "io.qrouter", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    @ArchTest static final ArchRule core = ArchitectureRules.CORE_IS_FREE_OF_FLINK_KAFKA_AND_AVRO;

    @ArchTest
    static final ArchRule simulator =
            ArchitectureRules.THE_SIMULATOR_IS_FREE_OF_FLINK_KAFKA_AND_AVRO;

    @ArchTest static final ArchRule coreAlone = ArchitectureRules.CORE_USES_NEITHER_JOB_NOR_TOOLS;

    @ArchTest static final ArchRule job = ArchitectureRules.THE_JOB_USES_ONLY_CORE;

    @ArchTest static final ArchRule tools = ArchitectureRules.ONLY_THE_LAUNCHER_USES_THE_BENCH;

    @ArchTest static final ArchRule model = ArchitectureRules.THE_MODEL_DOES_NOT_USE_THE_SCHEDULERS;

    @ArchTest static final ArchRule config = ArchitectureRules.CONFIG_KNOWS_NO_OTHER_ROOM;

    @ArchTest static final ArchRule records = ArchitectureRules.RECORDS_ARE_PLAIN_DATA;

    @ArchTest
    static final ArchRule convert = ArchitectureRules.CONVERT_USES_ONLY_RECORDS_AND_CONFIG;

    @ArchTest static final ArchRule serde = ArchitectureRules.SERDE_DOES_NOT_USE_STATE_OR_OPERATORS;

    @ArchTest static final ArchRule state = ArchitectureRules.STATE_DOES_NOT_USE_OPERATORS;

    @ArchTest static final ArchRule operators = ArchitectureRules.OPERATORS_DO_NOT_USE_THE_WIRING;

    @ArchTest static final ArchRule noKeys = ArchitectureRules.OPERATORS_READ_NO_CONFIGURATION_KEYS;

    @ArchTest static final ArchRule rooms = ArchitectureRules.THE_JOBS_ROOMS_HAVE_NO_CYCLE;

    @ArchTest static final ArchRule parts = ArchitectureRules.THE_FOUR_PARTS_HAVE_NO_CYCLE;
}
