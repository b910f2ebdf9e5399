package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.lang.reflect.Field;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.List;

/**
 * Records compared field by field, as the serializers' tests need: most records have no {@code
 * equals}, and their transient fields (where an entry is attached to its store) are no part of the
 * state, so they are left out.
 */
final class RecordComparison {
    private RecordComparison() {}

    /** Null when equal field by field (transient fields apart), else what differs. */
    static String differences(Object expected, Object actual) {
        try {
            assertThat(actual)
                    .usingRecursiveComparison()
                    .ignoringFields(transientFields(expected.getClass(), "").toArray(String[]::new))
                    .isEqualTo(expected);
            return null;
        } catch (AssertionError e) {
            return e.getMessage();
        }
    }

    /** A type of this project's whose fields the comparisons walk (enums compare as values). */
    static boolean isRecord(Class<?> type) {
        return type.getPackageName().startsWith("io.qrouter") && !type.isEnum() && !type.isArray();
    }

    /** The instance fields that are state: neither static nor transient, made accessible. */
    static List<Field> stateFields(Class<?> type) {
        List<Field> fields = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            int modifiers = field.getModifiers();
            if (!Modifier.isStatic(modifiers) && !Modifier.isTransient(modifiers)) {
                field.setAccessible(true);
                fields.add(field);
            }
        }
        return fields;
    }

    private static List<String> transientFields(Class<?> type, String prefix) {
        List<String> paths = new ArrayList<>();
        for (Field field : type.getDeclaredFields()) {
            if (Modifier.isTransient(field.getModifiers())) {
                paths.add(prefix + field.getName());
            } else if (isRecord(field.getType())) {
                paths.addAll(transientFields(field.getType(), prefix + field.getName() + "."));
            }
        }
        return paths;
    }
}
