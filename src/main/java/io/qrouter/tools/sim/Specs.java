package io.qrouter.tools.sim;

/**
 * Parsing of the numbers inside setting values such as {@code erlang:4}, with errors that name the
 * setting and the part of its form at fault.
 */
final class Specs {
    private Specs() {}

    static double parseDouble(
            String text, SimSetting setting, String form, double min, double max) {
        double v;
        try {
            v = Double.parseDouble(text.trim());
        } catch (NumberFormatException e) {
            throw new InvalidSettingException(setting, form + ": \"" + text + "\" is not a number");
        }
        if (!(v >= min && v <= max)) {
            throw new InvalidSettingException(
                    setting, form + " must be in [" + min + ", " + max + "] (got " + text + ")");
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
}
