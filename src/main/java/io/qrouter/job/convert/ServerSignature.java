package io.qrouter.job.convert;

import io.qrouter.avro.Heartbeat;
import io.qrouter.avro.TaskEvent;
import io.qrouter.core.control.CanonicalText;
import java.io.Serializable;
import java.nio.charset.StandardCharsets;
import java.util.HexFormat;
import java.util.LinkedHashMap;
import java.util.Map;

/**
 * Signatures of the servers' heartbeats and lifecycle events under {@code server.admission=signed}.
 * Each server has its own key, HMAC-SHA256 of its id under the fleet's secret: a server holds only
 * its key, so a server taken over can sign for itself and no other, and the job needs one secret
 * however large the fleet. docs/protocol.md ("Signing a server's records") specifies the texts.
 */
public final class ServerSignature implements Serializable {
    private static final long serialVersionUID = 1L;
    private static final int CACHED_KEYS = 65_536;

    private final byte[] fleetSecret;

    /** Keys derived so far, most recent last: a record costs one HMAC, not two. */
    private transient Map<String, byte[]> keys;

    /**
     * @param fleetSecret {@code server.hmac-secret}, at least 16 bytes of UTF-8
     */
    public ServerSignature(String fleetSecret) {
        byte[] bytes = fleetSecret.getBytes(StandardCharsets.UTF_8);
        if (bytes.length < 16) {
            throw new IllegalArgumentException("the server HMAC secret must be at least 16 bytes");
        }
        this.fleetSecret = bytes;
    }

    /** The key of {@code serverId}: what its operator installs on that server. */
    public byte[] serverKey(String serverId) {
        if (keys == null) {
            keys = new LinkedHashMap<>(16, 0.75f, true);
        }
        byte[] key = keys.get(serverId);
        if (key == null) {
            key =
                    CanonicalText.hmac(
                            fleetSecret,
                            CanonicalText.of("qrouter-server-key-v1").field(serverId).bytes());
            if (keys.size() >= CACHED_KEYS) {
                keys.remove(keys.keySet().iterator().next());
            }
            keys.put(serverId, key);
        }
        return key;
    }

    /** The key of {@code serverId} as lower-case hex. */
    public String serverKeyHex(String serverId) {
        return HexFormat.of().formatHex(serverKey(serverId));
    }

    /** {@code beat}'s signature with its server's key, lower-case hex. */
    public static String sign(byte[] serverKey, Heartbeat beat) {
        return HexFormat.of().formatHex(CanonicalText.hmac(serverKey, canonical(beat)));
    }

    /** {@code event}'s signature with its server's key, lower-case hex. */
    public static String sign(byte[] serverKey, TaskEvent event) {
        return HexFormat.of().formatHex(CanonicalText.hmac(serverKey, canonical(event)));
    }

    /** Null when {@code beat} carries its server's signature, else why not. */
    public String problem(Heartbeat beat) {
        return problem(
                "heartbeat", beat.getSignature(), serverKey(beat.getServerId()), canonical(beat));
    }

    /** Null when {@code event} carries its server's signature, else why not. */
    public String problem(TaskEvent event) {
        return problem(
                "event", event.getSignature(), serverKey(event.getServerId()), canonical(event));
    }

    private static String problem(String what, String signature, byte[] key, byte[] text) {
        if (signature == null || signature.isBlank()) {
            return "unsigned " + what + " (server.admission=signed)";
        }
        if (signature.length() != 64
                || !CanonicalText.matches(CanonicalText.hmac(key, text), signature)) {
            return "wrong signature: the " + what + " is not signed with its server's key";
        }
        return null;
    }

    static byte[] canonical(Heartbeat beat) {
        return CanonicalText.of("qrouter-heartbeat-v1")
                .field(beat.getServerId())
                .field(beat.getSentAt().toEpochMilli())
                .field(beat.getQueueLength())
                .field(beat.getBusy())
                .field(beat.getServiceRatePerSecond())
                .field(beat.getCpu())
                .field(beat.getMemory())
                .field(beat.getBandwidth())
                .field(beat.getHealth().name())
                .field(beat.getIntervalMillis())
                .field(beat.getLeaving())
                .field(beat.getSlots())
                .optional(beat.getInService())
                .bytes();
    }

    static byte[] canonical(TaskEvent event) {
        return CanonicalText.of("qrouter-event-v1")
                .field(event.getServerId())
                .field(event.getTaskId())
                .field(event.getType().name())
                .field(event.getEventTime().toEpochMilli())
                .optional(event.getReason())
                .bytes();
    }

    @Override
    public String toString() {
        return "ServerSignature[HmacSHA256, secret hidden]";
    }
}
