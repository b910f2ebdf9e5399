package io.qrouter.job.records;

/**
 * Whether a {@link ServerUpdate} tells its consumers anything: a heartbeat that changes nothing a
 * router, DSRS or GA reads is not broadcast, so N quiet servers cost the routers nothing.
 */
public final class UpdateNews {
    private UpdateNews() {}

    /** {@link #fingerprint} of "no update emitted yet": every update is news after it. */
    public static final long NONE = Fingerprint.NONE;

    /**
     * True when {@code u} says something the last update its consumers received did not (given by
     * that update's {@link #fingerprint}, or {@link #NONE}): another status, queue, capacity,
     * service rate, estimate, K or utilisation, or ENQUEUED events to acknowledge. Times and
     * counters alone are not news, nor the recent wait and service: they move on every heartbeat of
     * a server with a task waiting, and its next queue change carries them anyway.
     */
    public static boolean isNewsAfter(ServerUpdate u, long previousFingerprint) {
        return previousFingerprint == NONE
                || fingerprint(u) != previousFingerprint
                || !u.getEnqueuedSinceLastSnapshot().isEmpty()
                || u.isEnqueuedOverflow();
    }

    /**
     * A 64-bit digest of what routing reads from {@code u}, never {@link #NONE}. The per-server
     * state keeps this, not the whole last update: under RocksDB every lifecycle event reads and
     * writes that state, and the update was most of its bytes. Two different contents share a
     * digest with probability about 2^-64, which at worst delays one heartbeat's news to the next.
     */
    public static long fingerprint(ServerUpdate u) {
        return new Fingerprint()
                .add(
                        (u.isAlive() ? 1 : 0)
                                | (u.isGone() ? 2 : 0)
                                | (u.isIdle() ? 4 : 0)
                                | (u.isBusy() ? 8 : 0))
                .add(
                        (u.isOverloaded() ? 1 : 0)
                                | (u.getHealth() == null ? 0 : u.getHealth().ordinal() + 1L) << 1)
                .add(u.getQueueLength())
                .add(u.getSlots())
                .add(u.getServiceRatePerSecond())
                .add(u.getLambda())
                .add(u.getMu())
                .add(u.getAlphaC())
                .add(u.getEta())
                .add(u.getLoadIndexK())
                .add(u.getCpu())
                .add(u.getMemory())
                .add(u.getBandwidth())
                .value();
    }
}
