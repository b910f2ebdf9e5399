package io.qrouter.bench;

import java.util.Arrays;
import java.util.stream.Collectors;

/** An enum whose values a command-line option names by label. */
interface Labelled {
    String label();

    /**
     * The value of {@code values} labelled {@code label}.
     *
     * @throws IllegalArgumentException naming {@code option} and every label
     */
    static <E extends Labelled> E of(E[] values, String option, String label) {
        return Arrays.stream(values)
                .filter(value -> value.label().equals(label))
                .findFirst()
                .orElseThrow(
                        () ->
                                new IllegalArgumentException(
                                        option
                                                + " must be "
                                                + Arrays.stream(values)
                                                        .map(Labelled::label)
                                                        .collect(Collectors.joining(" or "))
                                                + " (got "
                                                + label
                                                + ")"));
    }
}
