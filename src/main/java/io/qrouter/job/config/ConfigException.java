package io.qrouter.job.config;

/**
 * A configuration value the job cannot run with; the message names the key and the valid values.
 */
public final class ConfigException extends IllegalArgumentException {
    private final String key;

    ConfigException(String key, String message) {
        super(message);
        this.key = key;
    }

    /** The offending key (or the first of the keys that conflict). */
    public String key() {
        return key;
    }
}
