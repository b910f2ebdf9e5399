package io.qrouter.core.ga;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.assertThatThrownBy;
import static org.assertj.core.api.Assertions.within;

import java.util.ArrayList;
import java.util.List;
import java.util.SplittableRandom;
import org.junit.jupiter.api.Test;

class GeneticAllocatorTest {
    private static final GaConfig CONFIG = GaConfig.defaults().withGenerations(25);

    private static List<BatchTask> tasks(int n, long seed) {
        SplittableRandom rng = new SplittableRandom(seed);
        List<BatchTask> tasks = new ArrayList<>();
        for (int t = 0; t < n; t++) {
            tasks.add(new BatchTask("t" + t, rng.nextDouble(1, 20)));
        }
        return tasks;
    }

    private static List<ServerProfile> servers(double... queuedLoad) {
        double[] mips = {6, 3, 1, 4, 2};
        SplittableRandom rng = new SplittableRandom(9);
        List<ServerProfile> servers = new ArrayList<>();
        for (int i = 0; i < queuedLoad.length; i++) {
            double[] history = new double[20];
            for (int k = 0; k < history.length; k++) {
                history[k] = rng.nextDouble(0.2, 0.2 + 0.1 * (i + 1));
            }
            servers.add(
                    new ServerProfile(
                            "s" + i, mips[i], 0.5, 1, 0.3, 1, 0.2, 1, queuedLoad[i], history));
        }
        return servers;
    }

    private static List<BatchAllocator> allocators() {
        return List.of(
                GeneticAllocator.meanVariance(CONFIG),
                GeneticAllocator.dga(CONFIG),
                new FcfsAllocator(CONFIG.r(), CONFIG.d()));
    }

    @Test
    void everyTaskIsAssignedAndNeverToAnOverloadedServer() {
        for (long seed = 0; seed < 5; seed++) {
            List<BatchTask> tasks = tasks(200, seed);
            // s2 (1 MIPS) already holds 5000 units: its normalised load 5000·3.2/1 is far above
            // L_max
            List<ServerProfile> servers = servers(0, 40, 5000, 10, 0);
            AdaptiveThresholds th =
                    AdaptiveThresholds.of(
                            5050,
                            tasks.stream().mapToDouble(BatchTask::load).sum(),
                            5,
                            CONFIG.r(),
                            CONFIG.d());
            assertThat(5000 * 3.2 / 1).isGreaterThan(th.lMax());
            for (BatchAllocator a : allocators()) {
                Allocation alloc = a.allocate(tasks, servers, seed);
                assertThat(alloc.serverOfTask()).hasSize(200);
                for (int t = 0; t < 200; t++) {
                    assertThat(alloc.serverOfTask()[t])
                            .as(a.name())
                            .isBetween(0, 4)
                            .isNotEqualTo(2);
                }
                assertThat(alloc.serverOf(0)).startsWith("s");
            }
        }
    }

    @Test
    void bestFitnessNeverFallsOverGenerations() {
        GaConfig randomStart = CONFIG.withGreedySeed(false);
        for (BatchAllocator a :
                List.of(
                        GeneticAllocator.meanVariance(CONFIG),
                        GeneticAllocator.dga(CONFIG),
                        GeneticAllocator.meanVariance(randomStart))) {
            double[] best =
                    a.allocate(tasks(300, 1), servers(0, 0, 0, 0, 0), 7).bestFitnessByGeneration();
            assertThat(best).hasSize(26);
            for (int g = 1; g < best.length; g++) {
                assertThat(best[g])
                        .as("%s generation %d", a.name(), g)
                        .isGreaterThanOrEqualTo(best[g - 1]);
            }
        }
    }

    @Test
    void sameSeedSameResult() {
        List<BatchTask> tasks = tasks(150, 3);
        List<ServerProfile> servers = servers(5, 0, 2, 0, 1);
        GeneticAllocator ga = GeneticAllocator.meanVariance(CONFIG);
        Allocation a = ga.allocate(tasks, servers, 11);
        Allocation b = ga.allocate(tasks, servers, 11);
        assertThat(a.serverOfTask()).containsExactly(b.serverOfTask());
        assertThat(a.fitness()).isEqualTo(b.fitness());
        assertThat(a.bestFitnessByGeneration()).containsExactly(b.bestFitnessByGeneration());
    }

    @Test
    void figuresOfAnAllocationMatchAHandComputation() {
        // Servers of 2 and 1 MIPS, empty; tasks 4, 2, 1. FCFS: x → a (both free, lowest index), y →
        // b (a busy until
        // 2 s), z → a (both free at 2 s, lowest index). Loads: a = 5, b = 2.
        List<ServerProfile> servers =
                List.of(
                        new ServerProfile("a", 2, 0, 1, 0, 1, 0, 1, 0),
                        new ServerProfile("b", 1, 0, 1, 0, 1, 0, 1, 0));
        Allocation fcfs =
                new FcfsAllocator(1.25, 0.75)
                        .allocate(
                                List.of(
                                        new BatchTask("x", 4),
                                        new BatchTask("y", 2),
                                        new BatchTask("z", 1)),
                                servers,
                                0);
        assertThat(fcfs.serverOfTask()).containsExactly(0, 1, 0);
        // finish: a 5/2 = 2.5 s, b 2/1 = 2 s; makespan 2.5; utilisations 1 and 0.8
        assertThat(fcfs.makespan()).isCloseTo(2.5, within(1e-12));
        assertThat(fcfs.meanUtilisation()).isCloseTo(0.9, within(1e-12));
        // L_ave = 7/2 = 3.5, band [2.625, 4.375]; normalised loads a: 5·1.5/2 = 3.75, b: 2·1.5/1 =
        // 3 → both fine
        assertThat(fcfs.acceptableServers()).isEqualTo(2);
        // no history: equal weights, R_p = 0.9; makespan lower bound 7/3 s; ADS/N = 1
        assertThat(fcfs.fitness()).isCloseTo((0.9 + (7.0 / 3) / 2.5 + 1) / 3, within(1e-12));
    }

    @Test
    void fromARandomStartTheSearchImprovesTheBestChromosome() {
        double[] best =
                GeneticAllocator.meanVariance(CONFIG.withGreedySeed(false).withGenerations(60))
                        .allocate(tasks(300, 2), servers(0, 0, 0, 0, 0), 3)
                        .bestFitnessByGeneration();
        assertThat(best[60]).isGreaterThan(best[0]);
    }

    @Test
    void theGaFindsAtLeastWhatItsGreedySeedHas() {
        List<BatchTask> tasks = tasks(400, 5);
        List<ServerProfile> servers = servers(0, 0, 0, 0, 0);
        Allocation ga = GeneticAllocator.meanVariance(CONFIG).allocate(tasks, servers, 1);
        Allocation fcfs = new FcfsAllocator(CONFIG.r(), CONFIG.d()).allocate(tasks, servers, 1);
        assertThat(ga.fitness()).isGreaterThanOrEqualTo(fcfs.fitness());
        assertThat(ga.makespan()).isLessThanOrEqualTo(fcfs.makespan());
    }

    @Test
    void loadIndexAndBadInput() {
        ServerProfile s = new ServerProfile("a", 1, 2, 4, 1, 4, 3, 4, 0);
        assertThat(new ResourceLoadIndex(0.5, 0.3, 0.2).of(s))
                .isCloseTo(0.5 * 0.5 + 0.3 * 0.25 + 0.2 * 0.75, within(1e-12));
        assertThatThrownBy(() -> new ResourceLoadIndex(0.5, 0.5, 0.5))
                .hasMessageContaining("sum to 1");
        assertThatThrownBy(() -> new ServerProfile("x", 0, 0, 1, 0, 1, 0, 1, 0))
                .hasMessageContaining("mips of server x");
        assertThatThrownBy(() -> new GaConfig(30, 10, 0.8, 0.01, 20, 2, 0.9, 0.5, true))
                .hasMessageContaining("R must be");
        assertThatThrownBy(() -> BatchAllocator.named("best", CONFIG))
                .hasMessageContaining("mv-ga, dga, fcfs");
        assertThat(BatchAllocator.named("DGA", CONFIG).name()).isEqualTo("DGA");
    }
}
