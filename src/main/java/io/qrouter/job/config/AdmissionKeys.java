package io.qrouter.job.config;

import static io.qrouter.job.config.ValueRule.anyText;
import static io.qrouter.job.config.ValueRule.emptyOrAtLeastBytes;
import static io.qrouter.job.config.ValueRule.oneOf;

/**
 * The keys of {@link ServerAdmission}: which servers' records the job takes. Listed in the docs as
 * {@link ConfigKey} orders them.
 */
final class AdmissionKeys {
    static final KeySpec SERVER_ADMISSION =
            new KeySpec(
                    "server.admission",
                    "allow-list",
                    oneOf("allow-list", "signed", "open"),
                    "Which servers get tasks: allow-list (ids and patterns in server.allow-list, changed with qrouter "
                            + "control register/deregister), signed (heartbeats and events signed with the server's key, "
                            + "derived from server.hmac-secret) or open (any id: demos and trusted networks). Records "
                            + "of servers not admitted go to dead-letter with the reason.");

    static final KeySpec SERVER_ALLOW_LIST =
            new KeySpec(
                    "server.allow-list",
                    "",
                    anyText(),
                    "The servers admitted at start, separated by commas: ids, or patterns where * stands for any "
                            + "characters (rack-7-*). Under signed admission, when not empty, only these may sign.");

    static final KeySpec SERVER_HMAC_SECRET =
            new KeySpec(
                    "server.hmac-secret",
                    "",
                    emptyOrAtLeastBytes(16),
                    "The fleet's secret under signed admission: each server signs with its own key, HMAC-SHA256 of its "
                            + "id under this secret (qrouter server-key ID). Never logged or printed (masked).");

    private AdmissionKeys() {}
}
