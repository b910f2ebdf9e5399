package io.qrouter.job.config;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Collection;
import java.util.List;
import java.util.Locale;
import java.util.Map;

/**
 * Where the job's secrets come from: the configuration file, a file of their own ({@code
 * KEY.file=PATH}, read once, surrounding whitespace dropped) or an environment variable ({@code
 * QROUTER_CONTROL_HMAC_SECRET} for {@code control.hmac-secret}); never a command line, which every
 * user of the machine can read with {@code ps}. A key is secret when {@link JobConfig#isSecret}
 * says so.
 */
public final class SecretSources {
    /** Appended to a secret key's name, it names a file that holds the secret. */
    public static final String FILE_SUFFIX = ".file";

    private SecretSources() {}

    /** The environment variable a secret key of the configuration can come from. */
    public static String environmentVariable(ConfigKey key) {
        return "QROUTER_" + key.key().toUpperCase(Locale.ROOT).replaceAll("[^A-Z0-9]", "_");
    }

    /**
     * Refuses a secret among {@code commandLineKeys} (keys given as {@code --set}), naming the
     * other ways.
     *
     * @throws ConfigException naming the key
     */
    public static void refuseOnCommandLine(Collection<String> commandLineKeys) {
        for (String key : commandLineKeys) {
            if (JobConfig.isSecret(key) && !key.endsWith(FILE_SUFFIX)) {
                ConfigKey known = ConfigKey.byName(key);
                throw new ConfigException(
                        key,
                        "config key '"
                                + key
                                + "' must not be given on the command line, which ps shows to every user: "
                                + "put it in the --config file, or give "
                                + key
                                + FILE_SUFFIX
                                + "=PATH (a file holding it)"
                                + (known == null
                                        ? ""
                                        : ", or set the environment variable "
                                                + environmentVariable(known)));
            }
        }
    }

    /**
     * Reads every {@code KEY.file} of {@code settings} into {@code KEY}, then takes each secret of
     * the configuration that is still unset from {@code environment}; {@code settings} changes in
     * place.
     */
    static void resolve(Map<String, String> settings, Map<String, String> environment) {
        for (String name : List.copyOf(settings.keySet())) {
            String key = name.substring(0, Math.max(0, name.length() - FILE_SUFFIX.length()));
            if (name.endsWith(FILE_SUFFIX) && JobConfig.isSecret(key)) {
                Path file = Path.of(settings.remove(name).trim());
                try {
                    settings.put(key, Files.readString(file, StandardCharsets.UTF_8).strip());
                } catch (IOException e) {
                    throw new ConfigException(
                            name, "config key '" + name + "': cannot read " + file + ": " + e);
                }
            }
        }
        for (ConfigKey key : ConfigKey.values()) {
            String value = environment.get(environmentVariable(key));
            if (JobConfig.isSecret(key.key())
                    && !settings.containsKey(key.key())
                    && value != null) {
                settings.put(key.key(), value.strip());
            }
        }
    }
}
