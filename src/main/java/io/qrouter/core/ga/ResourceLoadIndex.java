package io.qrouter.core.ga;

/**
 * The load index k1·CPU + k2·memory + k3·bandwidth (utilisations in [0, 1]) with k1 + k2 + k3 = 1.
 */
public record ResourceLoadIndex(double k1, double k2, double k3) {
    public static final ResourceLoadIndex BALANCED =
            new ResourceLoadIndex(1.0 / 3, 1.0 / 3, 1.0 / 3);

    public ResourceLoadIndex {
        if (!(k1 >= 0 && k2 >= 0 && k3 >= 0) || Math.abs(k1 + k2 + k3 - 1) > 1e-9) {
            throw new IllegalArgumentException(
                    "load index weights k1, k2, k3 must be ≥ 0 and sum to 1 (got "
                            + k1
                            + ", "
                            + k2
                            + ", "
                            + k3
                            + ")");
        }
    }

    public double of(ServerProfile s) {
        return k1 * s.cpuUtilisation() + k2 * s.memoryUtilisation() + k3 * s.bandwidthUtilisation();
    }
}
