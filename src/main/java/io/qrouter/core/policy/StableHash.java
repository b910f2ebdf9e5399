package io.qrouter.core.policy;

/**
 * A 64-bit string hash that is the same on every JVM and every run (FNV-1a over the UTF-16 code
 * units, then the MurmurHash3 finaliser so that similar ids such as "server-1" and "server-2" land
 * far apart). Routers on different machines must agree on it: it decides idle-queue ownership and
 * consistent-hash placement.
 */
public final class StableHash {
    private static final long FNV_OFFSET = 0xcbf29ce484222325L;
    private static final long FNV_PRIME = 0x100000001b3L;

    private StableHash() {}

    public static long of(String s) {
        long h = FNV_OFFSET;
        for (int i = 0; i < s.length(); i++) {
            h ^= s.charAt(i);
            h *= FNV_PRIME;
        }
        return mix(h);
    }

    /** MurmurHash3 fmix64. */
    public static long mix(long h) {
        h ^= h >>> 33;
        h *= 0xff51afd7ed558ccdL;
        h ^= h >>> 33;
        h *= 0xc4ceb9fe1a85ec53L;
        h ^= h >>> 33;
        return h;
    }
}
