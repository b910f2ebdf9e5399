package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.policy.PolicyName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The old-information result at a small size: with several routers JSQ herds as information ages,
 * power-of-d not.
 */
class StalenessExperimentTest {

    @Test
    void joinTheShortestQueueHerdsOnOldInformationAndPowerOfTwoDoesNot(@TempDir Path out)
            throws Exception {
        StalenessExperiment experiment =
                new StalenessExperiment(
                        new StalenessExperiment.Options(
                                50, 12_000, 0.9, List.of(0.0, 5.0), List.of(1, 4), 3, 2, false));
        List<StalenessExperiment.Point> points = experiment.run(out);

        // Fresh information: JSQ < power-of-2 < random, with one or four routers.
        for (int routers : List.of(1, 4)) {
            assertThat(response(points, PolicyName.JSQ, routers, 0))
                    .isLessThan(response(points, PolicyName.POWER_OF_D, routers, 0));
            assertThat(response(points, PolicyName.POWER_OF_D, routers, 0))
                    .isLessThan(response(points, PolicyName.RANDOM, routers, 0));
        }
        // Five service times old, four routers: JSQ herds past power-of-2 and past random.
        double jsqOld = response(points, PolicyName.JSQ, 4, 5);
        assertThat(jsqOld).isGreaterThan(2 * response(points, PolicyName.JSQ, 4, 0));
        assertThat(jsqOld).isGreaterThan(response(points, PolicyName.POWER_OF_D, 4, 5));
        assertThat(jsqOld).isGreaterThan(response(points, PolicyName.RANDOM, 4, 5));
        // Power-of-2 stays below random however old the information.
        assertThat(response(points, PolicyName.POWER_OF_D, 4, 5))
                .isLessThan(response(points, PolicyName.RANDOM, 4, 5));
        // One router counting its own decisions does not herd: JSQ stays below power-of-2's
        // old-information figure.
        assertThat(response(points, PolicyName.JSQ, 1, 5))
                .isLessThan(response(points, PolicyName.RANDOM, 1, 5));

        assertThat(Files.readAllLines(out.resolve("staleness.csv")).get(0))
                .startsWith("policy,routers,delay,tasks,mean_sojourn");
        assertThat(Files.readAllLines(out.resolve("staleness.csv")))
                .hasSize(1 + PolicyName.values().length * 2 * 2);
        assertThat(out.resolve("staleness_4_routers.png")).isNotEmptyFile();
    }

    private static double response(
            List<StalenessExperiment.Point> points, PolicyName policy, int routers, double delay) {
        return points.stream()
                        .filter(
                                p ->
                                        p.policy() == policy
                                                && p.routers() == routers
                                                && p.delay() == delay)
                        .findFirst()
                        .orElseThrow()
                        .result()
                        .meanSojourn()
                        .getAsDouble()
                - delay;
    }
}
