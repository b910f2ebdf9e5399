package io.qrouter.job.operators;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.job.Records;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.DsrsSettings;
import io.qrouter.job.records.ServerUpdate;
import java.util.Arrays;
import java.util.HashMap;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import net.jqwik.api.Arbitraries;
import net.jqwik.api.Arbitrary;
import net.jqwik.api.Combinators;
import net.jqwik.api.ForAll;
import net.jqwik.api.Property;
import net.jqwik.api.Provide;
import net.jqwik.api.constraints.IntRange;
import net.jqwik.api.constraints.Size;

/**
 * The index finds the cheapest server without a backlog that a pass over every server finds (DSRS's
 * choice before the index), whatever the updates, removals, backlogs and unit costs.
 */
class AcceptingServersTest {

    /** One input: server s{id}, accepting or not; or its removal. */
    record Change(int server, boolean accepts, boolean removes) {}

    @Property(tries = 500)
    void findsWhatAPassOverEveryServerFinds(
            @ForAll("changes") @Size(max = 60) List<Change> changes,
            @ForAll @Size(max = 6) Set<@IntRange(max = 15) Integer> backlogged,
            @ForAll("costs") String costs,
            @ForAll("weights") String v,
            @ForAll("weights") String defaultCost,
            @ForAll boolean rebuilt) {
        DsrsSettings settings =
                TestSettings.dsrs(
                        "dsrs.unit-costs",
                        costs,
                        "dsrs.v",
                        v,
                        "dsrs.default-unit-cost",
                        defaultCost);
        AcceptingServers index = new AcceptingServers();
        Map<String, ServerUpdate> stored = new HashMap<>();
        for (Change change : changes) {
            String id = "s" + change.server();
            if (change.removes()) {
                stored.remove(id);
                index.remove(id);
            } else {
                ServerUpdate update = Records.snapshot(id, 0, 0);
                update.setAlive(change.accepts());
                stored.put(id, update);
                index.follow(update);
            }
        }
        if (rebuilt) {
            index = new AcceptingServers();
            index.rebuild(stored.entrySet());
        }
        Set<String> backlogs = new HashSet<>();
        backlogged.forEach(b -> backlogs.add("s" + b));
        for (String service : List.of("video", "audio")) {
            assertThat(index.cheapestIdle(service, backlogs, settings))
                    .isEqualTo(passOverEveryServer(stored, backlogs, service, settings));
        }
    }

    private static String passOverEveryServer(
            Map<String, ServerUpdate> stored,
            Set<String> backlogs,
            String service,
            DsrsSettings settings) {
        String best = null;
        double bestWeight = Double.POSITIVE_INFINITY;
        for (ServerUpdate s : stored.values()) {
            String id = s.getServerId();
            if (!s.acceptsTasks() || backlogs.contains(id)) {
                continue;
            }
            double weight = settings.v() * settings.unitCost(service, id);
            if (best == null
                    || weight < bestWeight
                    || weight == bestWeight && id.compareTo(best) < 0) {
                best = id;
                bestWeight = weight;
            }
        }
        return best;
    }

    @Provide
    Arbitrary<List<Change>> changes() {
        return Combinators.combine(
                        Arbitraries.integers().between(0, 15),
                        Arbitraries.of(true, false),
                        Arbitraries.integers().between(0, 9))
                .as((server, accepts, r) -> new Change(server, accepts, r == 0))
                .list();
    }

    /** Up to four listed costs, plain or for one service, some at the default's value. */
    @Provide
    Arbitrary<String> costs() {
        Arbitrary<String> entry =
                Combinators.combine(
                                Arbitraries.of("", "video/", "audio/"),
                                Arbitraries.integers().between(0, 15),
                                Arbitraries.of("0.5", "1", "2", "3"))
                        .as((prefix, server, cost) -> prefix + "s" + server + "=" + cost);
        // four optional entries combined (not a list: jqwik's shrinking mixed this list up with
        // the list of changes); a key listed twice keeps its first cost
        Arbitrary<String> optional = entry.injectNull(0.4);
        return Combinators.combine(optional, optional, optional, optional)
                .as(
                        (a, b, c, d) -> {
                            Map<String, String> byKey = new LinkedHashMap<>();
                            for (String e : Arrays.asList(a, b, c, d)) {
                                if (e != null) {
                                    byKey.putIfAbsent(e.substring(0, e.indexOf('=')), e);
                                }
                            }
                            return String.join(", ", byKey.values());
                        });
    }

    @Provide
    Arbitrary<String> weights() {
        return Arbitraries.of("0", "1", "2.5");
    }
}
