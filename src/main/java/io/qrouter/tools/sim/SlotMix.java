package io.qrouter.tools.sim;

import java.util.Arrays;
import java.util.random.RandomGenerator;

/**
 * How many slots (tasks in service at once) the servers have, the same for the simulator and the
 * fleet: one number for all ({@code 4}), or a mix {@code SLOTS:SHARE,…} such as {@code
 * 1:0.5,4:0.3,16:0.2} (half the servers have one slot, 30 % four, 20 % sixteen; the shares sum to 1
 * within 1e-9).
 *
 * <p>A mix of N servers gets round(share·N) servers of each kind, the remainders given out largest
 * first so the counts sum to N exactly, and which server is which is a seeded shuffle: the same
 * seed gives the same servers the same slots.
 *
 * @param sizes the slot counts, in the order written
 * @param shares the share of the servers with each
 */
public record SlotMix(int[] sizes, double[] shares) {
    public static final int MAX_SLOTS = 10_000;
    private static final String FORMS = "must be SLOTS or SLOTS:SHARE,… with shares summing to 1";

    public static SlotMix parse(String spec) {
        if (spec == null || spec.isBlank()) {
            throw new InvalidSettingException(SimSetting.SLOTS, FORMS + " (got nothing)");
        }
        String[] parts = spec.trim().split(",", -1);
        if (parts.length == 1 && !parts[0].contains(":")) {
            return new SlotMix(new int[] {slots(parts[0], "SLOTS")}, new double[] {1});
        }
        int[] sizes = new int[parts.length];
        double[] shares = new double[parts.length];
        double sum = 0;
        for (int i = 0; i < parts.length; i++) {
            String[] kv = parts[i].split(":", -1);
            if (kv.length != 2) {
                throw new InvalidSettingException(
                        SimSetting.SLOTS,
                        FORMS + ", e.g. 1:0.5,4:0.3,16:0.2 (got \"" + spec + "\")");
            }
            sizes[i] = slots(kv[0], "SLOTS:SHARE SLOTS");
            shares[i] = Specs.parseDoubleAbove(kv[1], SimSetting.SLOTS, "SLOTS:SHARE SHARE", 0, 1);
            sum += shares[i];
        }
        if (Math.abs(sum - 1) > 1e-9) {
            throw new InvalidSettingException(
                    SimSetting.SLOTS, "shares must sum to 1 (got " + sum + " in \"" + spec + "\")");
        }
        return new SlotMix(sizes, shares);
    }

    /** Every server has one slot: the single-slot servers of M/M/1+M. */
    public boolean singleSlot() {
        return sizes.length == 1 && sizes[0] == 1;
    }

    /** The largest slot count of the mix. */
    public int maxSlots() {
        return Arrays.stream(sizes).max().orElseThrow();
    }

    /**
     * Each of {@code servers} servers' slot count. A single kind draws nothing from {@code random}.
     */
    public int[] assign(int servers, RandomGenerator random) {
        int[] counts = counts(servers);
        int[] slots = new int[servers];
        int next = 0;
        for (int k = 0; k < sizes.length; k++) {
            Arrays.fill(slots, next, next + counts[k], sizes[k]);
            next += counts[k];
        }
        if (sizes.length > 1) {
            for (int i = servers - 1; i > 0; i--) {
                int j = random.nextInt(i + 1);
                int t = slots[i];
                slots[i] = slots[j];
                slots[j] = t;
            }
        }
        return slots;
    }

    /** Servers of each kind: floor(share·N), then the remainders, largest first (ties: first). */
    int[] counts(int servers) {
        int[] counts = new int[sizes.length];
        double[] remainder = new double[sizes.length];
        int given = 0;
        for (int k = 0; k < sizes.length; k++) {
            double exact = shares[k] * servers;
            counts[k] = (int) Math.floor(exact);
            remainder[k] = exact - counts[k];
            given += counts[k];
        }
        for (; given < servers; given++) {
            int best = 0;
            for (int k = 1; k < sizes.length; k++) {
                if (remainder[k] > remainder[best]) {
                    best = k;
                }
            }
            counts[best]++;
            remainder[best] = -1;
        }
        return counts;
    }

    public String spec() {
        if (sizes.length == 1) {
            return Integer.toString(sizes[0]);
        }
        StringBuilder b = new StringBuilder();
        for (int k = 0; k < sizes.length; k++) {
            b.append(k == 0 ? "" : ",").append(sizes[k]).append(':').append(shares[k]);
        }
        return b.toString();
    }

    private static int slots(String text, String form) {
        return Specs.parseInt(text, SimSetting.SLOTS, form, 1, MAX_SLOTS);
    }
}
