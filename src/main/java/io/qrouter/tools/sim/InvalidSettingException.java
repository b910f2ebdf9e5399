package io.qrouter.tools.sim;

/**
 * A simulation setting whose value is out of range or malformed: which setting, and what is wrong
 * with its value, kept apart so that a command line can name the setting by its own option.
 */
public final class InvalidSettingException extends IllegalArgumentException {
    private final SimSetting setting;
    private final String problem;

    /**
     * @param problem what is wrong, e.g. "must be > 0 (got -1.0)"; it follows the setting's name
     */
    InvalidSettingException(SimSetting setting, String problem) {
        this(setting, problem, null);
    }

    InvalidSettingException(SimSetting setting, String problem, Throwable cause) {
        super(setting.words() + " " + problem, cause);
        this.setting = setting;
        this.problem = problem;
    }

    public SimSetting setting() {
        return setting;
    }

    /** The message with the setting called {@code name} instead, e.g. an option "--load". */
    public String messageNaming(String name) {
        return name + " " + problem;
    }
}
