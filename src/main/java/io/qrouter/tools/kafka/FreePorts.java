package io.qrouter.tools.kafka;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.ServerSocket;

/**
 * A TCP port free at the time of asking, for a server of this process (a local Flink cluster's REST
 * API, say) whose address the caller must know before it starts.
 */
public final class FreePorts {
    private FreePorts() {}

    public static int any() {
        try (ServerSocket socket = new ServerSocket(0)) {
            socket.setReuseAddress(true);
            return socket.getLocalPort();
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }
}
