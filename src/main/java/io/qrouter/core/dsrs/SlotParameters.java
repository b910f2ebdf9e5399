package io.qrouter.core.dsrs;

import java.util.Map;

/**
 * b_ij(t) and γ_ij(t) of one service in one slot, one entry per MEC system in the runner's system
 * order.
 */
public interface SlotParameters {
    double[] capacity(long slot, String serviceType);

    double[] unitCost(long slot, String serviceType);

    /** The same capacities and costs in every slot, looked up by service type. */
    static SlotParameters fixed(
            Map<String, double[]> capacityByService, Map<String, double[]> unitCostByService) {
        return new SlotParameters() {
            @Override
            public double[] capacity(long slot, String serviceType) {
                return lookup(capacityByService, serviceType, "capacity");
            }

            @Override
            public double[] unitCost(long slot, String serviceType) {
                return lookup(unitCostByService, serviceType, "unitCost");
            }
        };
    }

    private static double[] lookup(
            Map<String, double[]> byService, String serviceType, String what) {
        double[] row = byService.get(serviceType);
        if (row == null) {
            throw new IllegalArgumentException(
                    "no "
                            + what
                            + " for service type '"
                            + serviceType
                            + "' (known: "
                            + byService.keySet()
                            + ")");
        }
        return row;
    }
}
