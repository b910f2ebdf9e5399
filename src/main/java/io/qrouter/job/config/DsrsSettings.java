package io.qrouter.job.config;

import java.io.Serializable;
import java.time.Duration;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * What {@code DsrsSlotFunction} needs: the slot length τ, the drift-plus-penalty weight V (cost
 * against backlog: larger V, lower cost and longer queues) and the unit costs γ_ij. Built once from
 * the validated {@link JobConfig}.
 *
 * @param unitCosts γ by "serviceType/serverId" or "serverId"; the default for anything not listed
 */
public record DsrsSettings(
        Duration slot, double v, double defaultUnitCost, Map<String, Double> unitCosts)
        implements Serializable {

    public DsrsSettings {
        unitCosts = Map.copyOf(unitCosts);
    }

    public static DsrsSettings from(JobConfig config) {
        return new DsrsSettings(
                config.duration(ConfigKey.DSRS_SLOT_MS),
                config.getDouble(ConfigKey.DSRS_V),
                config.getDouble(ConfigKey.DSRS_DEFAULT_UNIT_COST),
                unitCosts(config.get(ConfigKey.DSRS_UNIT_COSTS)));
    }

    /**
     * γ_ij of a task of {@code serviceType} on {@code serverId}: "serviceType/serverId", else
     * "serverId", else the default.
     */
    public double unitCost(String serviceType, String serverId) {
        if (unitCosts.isEmpty()) {
            return defaultUnitCost;
        }
        Double cost = unitCosts.get(serviceType + "/" + serverId);
        if (cost == null) {
            cost = unitCosts.get(serverId);
        }
        return cost != null ? cost : defaultUnitCost;
    }

    /**
     * "edge-1=0.5, video/edge-2=2" → {edge-1: 0.5, video/edge-2: 2.0}; already validated by {@link
     * ConfigKey}.
     */
    static Map<String, Double> unitCosts(String value) {
        Map<String, Double> costs = new LinkedHashMap<>();
        if (!value.isBlank()) {
            for (String entry : value.split(",")) {
                int eq = entry.indexOf('=');
                costs.put(
                        entry.substring(0, eq).trim(),
                        Double.parseDouble(entry.substring(eq + 1).trim()));
            }
        }
        return costs;
    }
}
