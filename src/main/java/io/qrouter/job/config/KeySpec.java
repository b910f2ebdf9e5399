package io.qrouter.job.config;

/**
 * What one {@link ConfigKey} is: its name in the properties file, its default, the values it
 * accepts and its meaning (for {@code --help} and the README).
 */
record KeySpec(String key, String defaultValue, ValueRule rule, String description) {}
