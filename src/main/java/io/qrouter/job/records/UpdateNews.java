package io.qrouter.job.records;

/**
 * Whether a {@link ServerUpdate} tells its consumers anything: a heartbeat that changes nothing a
 * router, DSRS or GA reads is not broadcast, so N quiet servers cost the routers nothing. A
 * server's cpu, memory and bandwidth are news only to a job whose routing reads them (the GA's
 * batches): a busy server's cpu moves on nearly every heartbeat, and per-task routing and DSRS
 * never look at it.
 */
public final class UpdateNews {
    private UpdateNews() {}

    /** {@link #fingerprint} of "no update emitted yet": every update is news after it. */
    public static final long NONE = Fingerprint.NONE;

    /**
     * Whether the update {@code state} would emit now (a heartbeat's, as {@code
     * ServerReports.update} builds it) says something the last one emitted (whose {@link
     * #fingerprint} the state keeps) did not: another status, queue, capacity, service rate,
     * estimate, K, or utilisation when {@code resourcesRead}, or ENQUEUED events to acknowledge.
     * Times and counters alone are not news, nor the recent wait and service: they move on every
     * heartbeat of a server with a task waiting, and its next queue change carries them anyway.
     * Answered from the state, without building the update: most heartbeats are not news, and
     * building it was a twentieth of a heartbeat's cost.
     */
    public static boolean isNewsAfter(ServerState state, boolean resourcesRead) {
        return state.emittedNews == NONE
                || fingerprint(state, resourcesRead) != state.emittedNews
                || !state.enqueuedSinceSnapshot.isEmpty()
                || state.enqueuedOverflow;
    }

    /**
     * A 64-bit digest of what routing reads from {@code u} (its cpu, memory and bandwidth only when
     * {@code resourcesRead}), never {@link #NONE}. The per-server state keeps this, not the whole
     * last update: under RocksDB every lifecycle event reads and writes that state, and the update
     * was most of its bytes. Two different contents share a digest with probability about 2^-64,
     * which at worst delays one heartbeat's news to the next.
     */
    public static long fingerprint(ServerUpdate u, boolean resourcesRead) {
        Fingerprint routing =
                digest(
                                u.isAlive(),
                                u.isGone(),
                                u.isIdle(),
                                u.isBusy(),
                                u.isOverloaded(),
                                u.getHealth() == null ? 0 : u.getHealth().ordinal() + 1L)
                        .add(u.getQueueLength())
                        .add(u.getSlots())
                        .add(u.getServiceRatePerSecond())
                        .add(u.getLambda())
                        .add(u.getMu())
                        .add(u.getAlphaC())
                        .add(u.getEta())
                        .add(u.getLoadIndexK());
        return resources(routing, resourcesRead, u.getCpu(), u.getMemory(), u.getBandwidth())
                .value();
    }

    /** {@link #fingerprint(ServerUpdate, boolean)} of the update {@code state} would emit now. */
    public static long fingerprint(ServerState state, boolean resourcesRead) {
        boolean busy = state.busyNow();
        Fingerprint routing =
                digest(
                                state.alive,
                                false,
                                state.alive && !busy,
                                busy,
                                state.overloaded,
                                state.health == null ? 0 : state.health.ordinal() + 1L)
                        .add(state.queueLength())
                        .add(state.slots)
                        .add(state.serviceRatePerSecond)
                        .add(state.lambda)
                        .add(state.mu)
                        .add(state.alphaC)
                        .add(state.eta)
                        .add(state.loadIndexK);
        return resources(routing, resourcesRead, state.cpu, state.memory, state.bandwidth).value();
    }

    private static Fingerprint resources(
            Fingerprint digest, boolean read, double cpu, double memory, double bandwidth) {
        return read ? digest.add(cpu).add(memory).add(bandwidth) : digest;
    }

    private static Fingerprint digest(
            boolean alive,
            boolean gone,
            boolean idle,
            boolean busy,
            boolean overloaded,
            long healthCode) {
        return new Fingerprint()
                .add((alive ? 1 : 0) | (gone ? 2 : 0) | (idle ? 4 : 0) | (busy ? 8 : 0))
                .add((overloaded ? 1 : 0) | healthCode << 1);
    }
}
