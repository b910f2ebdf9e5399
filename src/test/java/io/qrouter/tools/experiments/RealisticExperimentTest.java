package io.qrouter.tools.experiments;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.policy.PolicyName;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The realistic grid at a small size, read back from its CSV: the antagonist cells run longer, so
 * that their halving times rest on enough slowdowns, and the summary's halving table shows what the
 * CSV holds.
 */
class RealisticExperimentTest {
    private static final int TASKS = 2_000;

    @Test
    void antagonistCellsRunLongerAndTheirHalvingIsTabulated(@TempDir Path out) throws Exception {
        new RealisticExperiment(
                        new RealisticExperiment.Options(
                                20,
                                TASKS,
                                0.9,
                                "src/test/resources/traces/azure-vm-benchmark-runtimes.csv",
                                List.of(1),
                                3,
                                2,
                                false))
                .run(out);

        List<String[]> rows =
                Files.readAllLines(out.resolve("realistic.csv")).stream()
                        .skip(1)
                        .map(RealisticExperimentTest::fields)
                        .toList();
        assertThat(rows).hasSize(4 * 2 * 2 * PolicyName.values().length);
        String summary = Files.readString(out.resolve("summary.md"));
        int antagonistRows = 0;
        for (String[] row : rows) {
            boolean steady = row[2].equals("none");
            int tasks = steady ? TASKS : RealisticExperiment.ANTAGONIST_TASK_FACTOR * TASKS;
            // the first tenth is a warm-up, left out of the counted tasks
            assertThat(Integer.parseInt(row[5])).isEqualTo(tasks - tasks / 10);
            int episodes = Integer.parseInt(row[10]);
            if (steady) {
                assertThat(episodes).isZero();
                assertThat(row[9]).isEmpty();
            } else {
                assertThat(episodes).isPositive();
            }
            if (!steady && row[4].equals("heartbeat-k-live")) {
                antagonistRows++;
                String halving =
                        row[9].isEmpty()
                                ? "never"
                                : String.format(Locale.ROOT, "%.2f", Double.parseDouble(row[9]));
                String cell =
                        row[0] + ", slots " + row[1] + ", antagonists " + row[2] + ", 1 router";
                assertThat(summary).contains("| " + cell + " | " + halving + " |");
                assertThat(summary)
                        .containsPattern(
                                "\\| "
                                        + java.util.regex.Pattern.quote(cell)
                                        + " \\|.* "
                                        + episodes
                                        + " \\|");
            }
        }
        assertThat(antagonistRows).isEqualTo(8);
        assertThat(summary)
                .contains("Share halving")
                .contains("| heartbeat-k-live | prequal | jsq |");
    }

    /** CSV fields, a quoted field keeping its commas (the mixed slots). */
    private static String[] fields(String line) {
        String[] f = line.split(",(?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)", -1);
        for (int i = 0; i < f.length; i++) {
            f[i] = f[i].replace("\"", "");
        }
        return f;
    }
}
