package io.qrouter.tools.sim;

/**
 * Parsing of the numbers inside setting values such as {@code erlang:4}, with errors that name the
 * setting and the part of its form at fault.
 */
final class Specs {
    private Specs() {}

    /** A number in [min, max]. */
    static double parseDouble(
            String text, SimSetting setting, String form, double min, double max) {
        double v = number(text, setting, form);
        if (!(v >= min && v <= max)) {
            throw new InvalidSettingException(
                    setting, form + " must be in [" + min + ", " + max + "] (got " + text + ")");
        }
        return v;
    }

    /** A number in (lowExclusive, max]. */
    static double parseDoubleAbove(
            String text, SimSetting setting, String form, double lowExclusive, double max) {
        double v = number(text, setting, form);
        if (!(v > lowExclusive && v <= max)) {
            throw new InvalidSettingException(
                    setting,
                    form + " must be in (" + lowExclusive + ", " + max + "] (got " + text + ")");
        }
        return v;
    }

    static int parseInt(String text, SimSetting setting, String form, int min, int max) {
        int v;
        try {
            v = Integer.parseInt(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(
                    setting, form + ": \"" + text + "\" is not an integer");
        }
        if (v < min || v > max) {
            throw new InvalidSettingException(
                    setting, form + " must be in [" + min + ", " + max + "] (got " + text + ")");
        }
        return v;
    }

    private static double number(String text, SimSetting setting, String form) {
        try {
            return Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(setting, form + ": \"" + text + "\" is not a number");
        }
    }
}
