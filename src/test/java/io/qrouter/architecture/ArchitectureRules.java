package io.qrouter.architecture;

import static com.tngtech.archunit.core.domain.JavaClass.Predicates.resideInAPackage;
import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;
import static com.tngtech.archunit.library.dependencies.SlicesRuleDefinition.slices;

import com.tngtech.archunit.lang.ArchRule;

/**
 * The four parts and the job's rooms, as rules: tools and bench may use job and core, the job uses
 * core, and core uses neither; the bench runs on the tools. Inside the job, data flows config →
 * records → convert → serde → state → operators → wiring (the {@code io.qrouter.job} package
 * itself), never back. See docs/design.md.
 */
final class ArchitectureRules {
    private static final String[] FRAMEWORKS = {
        "org.apache.flink..", "org.apache.kafka..", "org.apache.avro..", "io.qrouter.avro.."
    };

    static final ArchRule CORE_IS_FREE_OF_FLINK_KAFKA_AND_AVRO =
            noClasses()
                    .that()
                    .resideInAPackage("io.qrouter.core..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(FRAMEWORKS);

    static final ArchRule THE_SIMULATOR_IS_FREE_OF_FLINK_KAFKA_AND_AVRO =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.qrouter.tools.sim..", "io.qrouter.tools.experiments..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(FRAMEWORKS);

    static final ArchRule CORE_USES_NEITHER_JOB_NOR_TOOLS =
            noClasses()
                    .that()
                    .resideInAPackage("io.qrouter.core..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.qrouter.job..", "io.qrouter.tools..", "io.qrouter.bench..");

    static final ArchRule THE_JOB_USES_ONLY_CORE =
            noClasses()
                    .that()
                    .resideInAPackage("io.qrouter.job..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.qrouter.tools..", "io.qrouter.bench..");

    /**
     * The bench runs on the tools (broker, fleet); only the launcher, which wires every command,
     * calls it.
     */
    static final ArchRule ONLY_THE_LAUNCHER_USES_THE_BENCH =
            noClasses()
                    .that()
                    .resideInAPackage("io.qrouter.tools..")
                    .and()
                    .resideOutsideOfPackage("io.qrouter.tools.cli..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAPackage("io.qrouter.bench..");

    static final ArchRule THE_MODEL_DOES_NOT_USE_THE_SCHEDULERS =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.qrouter.core.queueing..", "io.qrouter.core.estimate..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.qrouter.core.policy..",
                            "io.qrouter.core.dsrs..",
                            "io.qrouter.core.ga..",
                            "io.qrouter.core.control..");

    static final ArchRule CONFIG_KNOWS_NO_OTHER_ROOM =
            jobRoomUsesNone(
                    "config", "records", "convert", "serde", "state", "operators", "wiring");

    static final ArchRule RECORDS_ARE_PLAIN_DATA =
            jobRoomUsesNone(
                    "records", "config", "convert", "serde", "state", "operators", "wiring");

    static final ArchRule CONVERT_USES_ONLY_RECORDS_AND_CONFIG =
            jobRoomUsesNone("convert", "serde", "state", "operators", "wiring");

    static final ArchRule SERDE_DOES_NOT_USE_STATE_OR_OPERATORS =
            jobRoomUsesNone("serde", "state", "operators", "wiring");

    static final ArchRule STATE_DOES_NOT_USE_OPERATORS =
            jobRoomUsesNone("state", "operators", "wiring");

    static final ArchRule OPERATORS_DO_NOT_USE_THE_WIRING = jobRoomUsesNone("operators", "wiring");

    /** Operators get settings records, never the configuration, which holds the secrets too. */
    static final ArchRule OPERATORS_READ_NO_CONFIGURATION_KEYS =
            noClasses()
                    .that()
                    .resideInAPackage("io.qrouter.job.operators..")
                    .should()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName("io.qrouter.job.config.JobConfig")
                    .orShould()
                    .dependOnClassesThat()
                    .haveFullyQualifiedName("io.qrouter.job.config.ConfigKey");

    static final ArchRule THE_JOBS_ROOMS_HAVE_NO_CYCLE =
            slices().matching("io.qrouter.job.(*)..").should().beFreeOfCycles();

    static final ArchRule THE_FOUR_PARTS_HAVE_NO_CYCLE =
            slices().matching("io.qrouter.(*)..")
                    .should()
                    .beFreeOfCycles()
                    .ignoreDependency(
                            resideInAPackage("io.qrouter.tools.cli.."),
                            resideInAPackage("io.qrouter.bench.."));

    private ArchitectureRules() {}

    private static ArchRule jobRoomUsesNone(String room, String... others) {
        String[] packages = new String[others.length];
        for (int i = 0; i < others.length; i++) {
            packages[i] = jobPackage(others[i]);
        }
        return noClasses()
                .that()
                .resideInAPackage(jobPackage(room))
                .should()
                .dependOnClassesThat()
                .resideInAnyPackage(packages);
    }

    /** The wiring is the job's top package itself; every other room is a subpackage. */
    private static String jobPackage(String room) {
        return room.equals("wiring") ? "io.qrouter.job" : "io.qrouter.job." + room + "..";
    }
}
