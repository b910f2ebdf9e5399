package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;
import static org.assertj.core.api.Assertions.within;

import com.fasterxml.jackson.databind.JsonNode;
import io.qrouter.core.queueing.ErlangAReference;
import io.qrouter.core.queueing.LoadIndex;
import io.qrouter.core.queueing.LoadIndexWeights;
import io.qrouter.tools.report.Json;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import org.junit.jupiter.api.Test;

class AnalyzeCommandTest {
    /** The worked point of docs/queueing.md (and of ../shared/reference/queueing-model.md). */
    private static final String[] WORKED_POINT = {
        "--lambda", "2", "--mu", "2.5", "--alpha", "0.5", "--eta", "1", "--interarrival", "erlang:2"
    };

    /** The keys of the one-slot reneging block; more slots add p_wait after p_idle. */
    private static final List<String> RENEGING_KEYS =
            List.of(
                    "p_idle",
                    "mean_in_system",
                    "mean_waiting",
                    "throughput",
                    "abandon_probability",
                    "mean_wait",
                    "mean_sojourn",
                    "virtual_wait",
                    "mean_wait_abandoned");

    private static List<String> keys(JsonNode node) {
        List<String> keys = new ArrayList<>();
        node.fieldNames().forEachRemaining(keys::add);
        return keys;
    }

    @Test
    void jsonHasExactlyTheAgreedKeysAndTheWorkedPointValues() throws Exception {
        CommandRun r = analyze(with(WORKED_POINT, "--weights", "0.5,0.25,0.25", "--json"));
        assertThat(r.exitCode()).isZero();
        JsonNode root = Json.MAPPER.readTree(r.out());
        assertThat(keys(root))
                .containsExactly(
                        "rho",
                        "stable",
                        "paper_chain",
                        "paper_printed",
                        "reneging",
                        "gim1",
                        "load_index");
        assertThat(keys(root.get("paper_chain")))
                .containsExactly(
                        "p_idle",
                        "mean_in_system",
                        "mean_waiting",
                        "p_cancel_state",
                        "throughput_served",
                        "cancel_rate",
                        "blocked_rate",
                        "loss_probability",
                        "accepted_rate",
                        "mean_wait",
                        "mean_sojourn");
        assertThat(keys(root.get("paper_printed")))
                .containsExactly("L_Qt", "L_Wq", "W_Qt", "W", "W_v");
        assertThat(keys(root.get("reneging"))).containsExactlyElementsOf(RENEGING_KEYS);
        assertThat(keys(root.get("gim1")))
                .containsExactly(
                        "sigma",
                        "p_wait",
                        "mean_wait",
                        "mean_sojourn",
                        "mean_waiting",
                        "mean_in_system");
        assertThat(keys(root.get("load_index"))).containsExactly("K", "time_unit", "weights");

        assertThat(root.get("rho").asDouble()).isCloseTo(2 / 3.0, within(1e-12));
        assertThat(root.get("stable").asBoolean()).isTrue();
        JsonNode chain = root.get("paper_chain");
        assertThat(chain.get("p_idle").asDouble()).isCloseTo(0.238095238, within(1e-9));
        assertThat(chain.get("mean_in_system").asDouble()).isCloseTo(2.476190476, within(1e-9));
        assertThat(chain.get("loss_probability").asDouble()).isCloseTo(0.285714286, within(1e-9));
        assertThat(root.get("paper_printed").get("W").asDouble()).isCloseTo(1.4, within(1e-12));
        assertThat(root.get("gim1").get("sigma").asDouble()).isCloseTo(0.739853, within(1e-6));
        LoadIndexWeights w = new LoadIndexWeights(0.5, 0.25, 0.25);
        assertThat(root.get("load_index").get("K").asDouble())
                .isCloseTo(
                        LoadIndex.steadyState(2, 2.5, 0.5, 1 / 2.5, w).orElseThrow(),
                        within(1e-12));
        assertThat(root.get("load_index").get("time_unit").asDouble())
                .isCloseTo(0.4, within(1e-15));
        assertThat(root.get("load_index").get("weights").get("alpha").asDouble()).isEqualTo(0.5);
    }

    @Test
    void blocksThatDoNotApplyAreNull() throws Exception {
        CommandRun r = CommandRun.of("analyze", "--lambda", "1", "--mu", "2", "--json");
        JsonNode root = Json.MAPPER.readTree(r.out());
        assertThat(root.get("paper_chain").isNull()).isTrue();
        assertThat(root.get("paper_printed").isNull()).isTrue();
        assertThat(root.get("gim1").isNull()).isTrue();
        assertThat(root.get("reneging").get("mean_wait_abandoned").isNull())
                .isTrue(); // nobody abandons
        assertThat(root.get("reneging").get("mean_in_system").asDouble())
                .isCloseTo(1, within(1e-12)); // M/M/1
        assertThat(r.out()).doesNotContain("NaN").doesNotContain("Infinity");
    }

    @Test
    void anUnstableQueueIsAnAnswerNotAnError() throws Exception {
        CommandRun json =
                CommandRun.of(
                        "analyze",
                        "--lambda",
                        "3",
                        "--mu",
                        "2",
                        "--eta",
                        "1",
                        "--interarrival",
                        "exp",
                        "--json");
        assertThat(json.exitCode()).isZero();
        JsonNode root = Json.MAPPER.readTree(json.out());
        assertThat(root.get("stable").asBoolean()).isFalse();
        assertThat(root.get("rho").asDouble()).isEqualTo(1.5);
        for (String block :
                List.of("paper_chain", "paper_printed", "reneging", "gim1", "load_index")) {
            assertThat(root.get(block).isNull()).as(block).isTrue();
        }
        assertThat(json.out()).doesNotContain("NaN").doesNotContain("Infinity");

        CommandRun table =
                CommandRun.of(
                        "analyze", "--lambda", "3", "--mu", "2", "--alpha", "0.5", "--eta", "1");
        assertThat(table.exitCode()).isZero();
        assertThat(table.out())
                .contains("unstable (rho >= 1)")
                .contains("unstable: rho = lambda/(mu+alphaC) = 1.2")
                .contains("M/M/1+M still has one")
                .contains("needs --interarrival");
    }

    @Test
    void tableShowsEveryModel() {
        CommandRun r =
                CommandRun.of(
                        "analyze",
                        "--lambda",
                        "2",
                        "--mu",
                        "2.5",
                        "--alpha",
                        "0.5",
                        "--eta",
                        "1",
                        "--interarrival",
                        "h2:4");
        assertThat(r.exitCode()).isZero();
        assertThat(r.out())
                .contains(
                        "stable (rho < 1)",
                        "Paper's chain P",
                        "0.238095",
                        "printed formulas (WRONG",
                        "M/M/1+M",
                        "GI/M/1 (h2:4",
                        "Load index K",
                        "alpha=0.333333");
    }

    @Test
    void invalidInputExitsTwoNamingTheArgument() {
        assertInvalid("--lambda", "--lambda", "-1", "--mu", "1");
        assertInvalid("--mu", "--lambda", "1", "--mu", "0");
        assertInvalid("--alpha", "--lambda", "1", "--mu", "1", "--alpha", "-0.1");
        assertInvalid("--eta", "--lambda", "1", "--mu", "1", "--eta", "0");
        assertInvalid("--weights", "--lambda", "1", "--mu", "1", "--weights", "0.5,0.5,0.5");
        assertInvalid("--interarrival", "--lambda", "1", "--mu", "1", "--interarrival", "gamma");
        assertInvalid("--interarrival", "--lambda", "1", "--mu", "1", "--interarrival", "h2:0.5");
        assertInvalid("--mu", "--lambda", "1");
        assertInvalid("--time-unit", "--lambda", "1", "--mu", "2", "--time-unit", "0");
    }

    @Test
    void timeUnitSetsTheReferenceTimeOfK() throws Exception {
        CommandRun r =
                CommandRun.of(
                        "analyze",
                        "--lambda",
                        "1",
                        "--mu",
                        "2",
                        "--alpha",
                        "0.3",
                        "--time-unit",
                        "1",
                        "--json");
        JsonNode index = Json.MAPPER.readTree(r.out()).get("load_index");
        assertThat(index.get("time_unit").asDouble()).isEqualTo(1.0);
        assertThat(index.get("K").asDouble())
                .isCloseTo(
                        LoadIndex.steadyState(1, 2, 0.3, 1, LoadIndexWeights.EQUAL).orElseThrow(),
                        within(1e-12));
    }

    private static CommandRun analyze(String... args) {
        String[] full = new String[args.length + 1];
        full[0] = "analyze";
        System.arraycopy(args, 0, full, 1, args.length);
        return CommandRun.of(full);
    }

    private static String[] with(String[] args, String... more) {
        String[] all = Arrays.copyOf(args, args.length + more.length);
        System.arraycopy(more, 0, all, args.length, more.length);
        return all;
    }

    @Test
    void oneSlotIsTheDefaultToTheByte() {
        List<String[]> argumentSets =
                List.of(
                        WORKED_POINT,
                        new String[] {"--lambda", "1", "--mu", "2", "--alpha", "0.3", "--json"},
                        new String[] {"--lambda", "3", "--mu", "2", "--alpha", "0.5", "--eta", "1"},
                        new String[] {"--lambda", "3", "--mu", "2"},
                        new String[] {"--lambda", "3", "--mu", "2", "--json"},
                        new String[] {"--lambda", "1000", "--mu", "1", "--alpha", "1e-6"});
        for (String[] args : argumentSets) {
            CommandRun without = analyze(args);
            CommandRun with = analyze(with(args, "--slots", "1"));
            assertThat(with.exitCode()).isZero();
            assertThat(with.out()).as(String.join(" ", args)).isEqualTo(without.out());
        }
    }

    /** The sections one slot prints, as they were before there were slots (docs/queueing.md). */
    @Test
    void oneSlotPrintsTheM_M_1_MSectionsAsBefore() {
        String n = System.lineSeparator();
        CommandRun r = analyze(WORKED_POINT);
        assertThat(r.out())
                .contains(
                        n
                                + "M/M/1+M, true impatience: each waiting task abandons at rate alphaC"
                                + n
                                + "  P(idle)                                  0.344848"
                                + n
                                + "  mean tasks in system E[L]                1.37939"
                                + n
                                + "  mean tasks waiting E[L_q]                0.724241"
                                + n
                                + "  throughput (served)                      1.63788"
                                + n
                                + "  P(abandon)                               0.18106"
                                + n
                                + "  mean wait (all arrivals)                 0.362121"
                                + n
                                + "  mean sojourn (all arrivals)              0.689696"
                                + n
                                + "  virtual wait W_v = E[W_q 1{abandon}]     0.0904514"
                                + n
                                + "  mean wait of those who abandon           0.499565"
                                + n
                                + n)
                .endsWith(
                        n
                                + "Load index K (Eq. 53) from M/M/1+M, times in units of the reference time"
                                + n
                                + "  K                                        0.618557"
                                + n
                                + "  reference time (--time-unit)             0.4"
                                + n
                                + "  weights                                  alpha=0.333333, sigma=0.333333, r=0.333333"
                                + n);
    }

    @Test
    void fourSlotsMatchTheTruncatedChain() throws Exception {
        CommandRun r =
                CommandRun.of(
                        "analyze",
                        "--lambda",
                        "6",
                        "--mu",
                        "2",
                        "--alpha",
                        "0.5",
                        "--slots",
                        "4",
                        "--json");
        assertThat(r.exitCode()).isZero();
        JsonNode reneging = Json.MAPPER.readTree(r.out()).get("reneging");
        List<String> withPWait = new ArrayList<>(RENEGING_KEYS);
        withPWait.add(1, "p_wait");
        assertThat(keys(reneging)).containsExactlyElementsOf(withPWait);
        ErlangAReference.Metrics ref = ErlangAReference.of(6, 2, 4, 0.5);
        assertClose(reneging, "p_idle", ref.p0());
        assertClose(reneging, "p_wait", ref.waitProbability());
        assertClose(reneging, "mean_in_system", ref.meanInSystem());
        assertClose(reneging, "mean_waiting", ref.meanWaiting());
        assertClose(reneging, "throughput", ref.throughput());
        assertClose(reneging, "abandon_probability", ref.abandonProbability());
        assertClose(reneging, "mean_wait", ref.meanWait());
        assertClose(reneging, "mean_sojourn", ref.meanSojourn());
        assertClose(reneging, "virtual_wait", ref.virtualWait());
        assertClose(reneging, "mean_wait_abandoned", ref.virtualWait() / ref.abandonProbability());
        JsonNode index = Json.MAPPER.readTree(r.out()).get("load_index");
        assertThat(index.get("K").asDouble())
                .isCloseTo(
                        LoadIndex.steadyState(6, 2, 4, 0.5, 0.5, LoadIndexWeights.EQUAL)
                                .orElseThrow(),
                        within(1e-12));
        assertThat(index.get("time_unit").asDouble()).isEqualTo(0.5); // 1/mu, one slot's

        CommandRun table =
                CommandRun.of(
                        "analyze", "--lambda", "6", "--mu", "2", "--alpha", "0.5", "--slots", "4");
        assertThat(table.out())
                .contains(
                        "M/M/4+M (mu per slot), true impatience",
                        "P(all slots busy: an arrival waits)",
                        "Load index K (Eq. 53) from M/M/4+M");
    }

    private static void assertClose(JsonNode block, String key, double expected) {
        assertThat(block.get(key).asDouble())
                .as(key)
                .isCloseTo(expected, within(1e-9 * expected + 1e-13));
    }

    @Test
    void slotsWithoutAbandonmentAreStableOnlyBelowCapacity() throws Exception {
        CommandRun keepUp = CommandRun.of("analyze", "--lambda", "3", "--mu", "1", "--slots", "4");
        assertThat(keepUp.out())
                .contains("unstable (rho >= 1)")
                .contains("M/M/4+M still has one (lambda < c·mu: its 4 slots keep up)")
                .contains("P(all slots busy: an arrival waits)");
        CommandRun overloaded =
                CommandRun.of("analyze", "--lambda", "5", "--mu", "1", "--slots", "4");
        assertThat(overloaded.out())
                .doesNotContain("still has one")
                .contains(
                        "unstable: no abandonment (alphaC = 0) and lambda/(c·mu) = 1.25 >= 1 (c = 4"
                                + " slots)")
                .contains("overloaded: no abandonment (alphaC = 0) and lambda >= 4·mu");
        JsonNode root =
                Json.MAPPER.readTree(
                        CommandRun.of(
                                        "analyze",
                                        "--lambda",
                                        "5",
                                        "--mu",
                                        "1",
                                        "--slots",
                                        "4",
                                        "--json")
                                .out());
        assertThat(root.get("reneging").isNull()).isTrue();
        assertThat(root.get("load_index").isNull()).isTrue();
    }

    @Test
    void slotsOutOfRangeExitTwoStatingTheRange() {
        for (String slots : new String[] {"0", "-3", "10001"}) {
            CommandRun r = analyze("--lambda", "1", "--mu", "2", "--slots", slots);
            assertThat(r.exitCode()).isEqualTo(2);
            assertThat(r.err())
                    .contains("--slots must be an integer in [1, 10000] (got " + slots + ")");
        }
        CommandRun notAnInteger = analyze("--lambda", "1", "--mu", "2", "--slots", "2.5");
        assertThat(notAnInteger.exitCode()).isEqualTo(2);
        assertThat(notAnInteger.err()).contains("--slots");
    }

    private static void assertInvalid(String argument, String... args) {
        CommandRun r = analyze(args);
        assertThat(r.exitCode()).as(String.join(" ", args)).isEqualTo(2);
        assertThat(r.err()).as(String.join(" ", args)).contains(argument);
    }
}
