package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.doubleIn;
import static io.qrouter.job.config.ValueRule.longIn;
import static io.qrouter.job.config.ValueRule.oneOf;

/**
 * The keys of {@link DsrsSettings} and {@link GaSettings}: the DSRS slot scheduler (seed 002) and
 * the GA batch allocator (seed 001). Listed in the docs as {@link ConfigKey} orders them.
 */
final class SchedulerKeys {
    static final KeySpec DSRS_SLOT_MS =
            new KeySpec(
                    "dsrs.slot.ms",
                    "1000",
                    longIn(1, 86_400_000),
                    "DSRS slot length tau (event time): a slot's arrivals of one service type go to one MEC system.");

    static final KeySpec DSRS_V =
            new KeySpec(
                    "dsrs.v",
                    "10",
                    doubleIn(0, 1e12),
                    "DSRS drift-plus-penalty weight V: larger V lowers cost (O(1/V)) and raises backlog (O(V)).");

    static final KeySpec DSRS_DEFAULT_UNIT_COST =
            new KeySpec(
                    "dsrs.default-unit-cost",
                    "1",
                    doubleIn(0, 1e12),
                    "DSRS unit cost gamma of a server that dsrs.unit-costs does not list.");

    static final KeySpec DSRS_UNIT_COSTS =
            new KeySpec(
                    "dsrs.unit-costs",
                    "",
                    ValueRule.unitCosts(),
                    "DSRS unit costs gamma_ij, e.g. edge-1=0.5,video/edge-2=2 (serviceType/serverId wins over serverId).");

    static final KeySpec GA_ALLOCATOR =
            new KeySpec(
                    "ga.allocator",
                    "mv-ga",
                    oneOf("mv-ga", "dga", "fcfs"),
                    "Allocator of router.policy=ga-batch: mean-variance GA (seed 001), plain GA, or first come first served.");

    static final KeySpec GA_BATCH_SIZE =
            new KeySpec(
                    "ga.batch-size",
                    "32",
                    longIn(1, 100_000),
                    "A GA window is assigned as soon as it holds this many tasks.");

    static final KeySpec GA_WINDOW_MS =
            new KeySpec(
                    "ga.window.ms",
                    "1000",
                    longIn(1, 3_600_000),
                    "A GA window is assigned at the latest this long (processing time) after its first task.");

    static final KeySpec GA_LANES =
            new KeySpec(
                    "ga.lanes",
                    "1",
                    longIn(1, 4096),
                    "Parallel GA batch lanes (tasks are spread over them by task id); each lane batches its own tasks.");

    static final KeySpec GA_POPULATION =
            new KeySpec("ga.population", "30", longIn(2, 10_000), "GA population size Q.");

    static final KeySpec GA_GENERATIONS =
            new KeySpec("ga.generations", "35", longIn(0, 100_000), "GA generations.");

    static final KeySpec GA_R =
            new KeySpec(
                    "ga.r",
                    "1.25",
                    doubleIn(1, true, 1e6, false),
                    "R of the adaptive threshold L_max = R * L_ave (seed 001).");

    static final KeySpec GA_D =
            new KeySpec(
                    "ga.d",
                    "0.75",
                    doubleIn(0, false, 1, true),
                    "D of the adaptive threshold L_min = D * L_ave (seed 001).");

    private SchedulerKeys() {}
}
