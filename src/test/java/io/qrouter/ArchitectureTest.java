package io.qrouter;

import static com.tngtech.archunit.lang.syntax.ArchRuleDefinition.noClasses;

import com.tngtech.archunit.core.importer.ImportOption;
import com.tngtech.archunit.junit.AnalyzeClasses;
import com.tngtech.archunit.junit.ArchTest;
import com.tngtech.archunit.lang.ArchRule;

/**
 * The science packages (the queueing model, estimators, policies, DSRS, the GA, the simulator and
 * the control rules) know nothing of Flink, Kafka or Avro, so they can be read, tested and reused
 * on their own; and the layers only point downwards.
 */
@AnalyzeClasses(packages = "io.qrouter", importOptions = ImportOption.DoNotIncludeTests.class)
class ArchitectureTest {
    private static final String[] SCIENCE = {
        "io.qrouter.queueing..",
        "io.qrouter.estimate..",
        "io.qrouter.policy..",
        "io.qrouter.dsrs..",
        "io.qrouter.ga..",
        "io.qrouter.sim..",
        "io.qrouter.control.."
    };

    @ArchTest
    static final ArchRule scienceIsFreeOfFlinkKafkaAndAvro =
            noClasses()
                    .that()
                    .resideInAnyPackage(SCIENCE)
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "org.apache.flink..",
                            "org.apache.kafka..",
                            "org.apache.avro..",
                            "io.qrouter.avro..");

    @ArchTest
    static final ArchRule scienceDoesNotReachIntoThePipeline =
            noClasses()
                    .that()
                    .resideInAnyPackage(SCIENCE)
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.qrouter.job..",
                            "io.qrouter.io..",
                            "io.qrouter.fleet..",
                            "io.qrouter.demo..",
                            "io.qrouter.cli..",
                            "io.qrouter.bench..");

    @ArchTest
    static final ArchRule theJobDoesNotDependOnItsDriversOrTheDemo =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.qrouter.job..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage(
                            "io.qrouter.cli..",
                            "io.qrouter.demo..",
                            "io.qrouter.fleet..",
                            "io.qrouter.bench..");

    @ArchTest
    static final ArchRule theModelDoesNotDependOnPolicyOrSimulation =
            noClasses()
                    .that()
                    .resideInAnyPackage("io.qrouter.queueing..", "io.qrouter.estimate..")
                    .should()
                    .dependOnClassesThat()
                    .resideInAnyPackage("io.qrouter.policy..", "io.qrouter.sim..");
}
