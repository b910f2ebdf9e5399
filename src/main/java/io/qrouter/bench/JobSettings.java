package io.qrouter.bench;

import java.util.LinkedHashMap;
import java.util.Map;

/**
 * The job as the benchmark runs it: which job, parallelism, delivery guarantee, state backend, and
 * any other configuration key ({@code --set}), applied last.
 */
public record JobSettings(
        BenchedJob kind,
        int parallelism,
        String deliveryGuarantee,
        String stateBackend,
        Map<String, String> overrides) {
    public JobSettings {
        overrides = Map.copyOf(new LinkedHashMap<>(overrides));
    }

    JobSettings withStateBackend(String backend) {
        return new JobSettings(kind, parallelism, deliveryGuarantee, backend, overrides);
    }

    JobSettings withKind(BenchedJob other) {
        return new JobSettings(other, parallelism, deliveryGuarantee, stateBackend, overrides);
    }

    /** One line for the table's heading. */
    String describe() {
        return kind.label()
                + ", parallelism "
                + parallelism
                + ", "
                + deliveryGuarantee
                + ", "
                + stateBackend
                + (overrides.isEmpty() ? "" : ", " + overrides);
    }
}
