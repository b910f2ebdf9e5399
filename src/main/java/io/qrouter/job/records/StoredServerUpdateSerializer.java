package io.qrouter.job.records;

/**
 * The serializer of the updates kept in broadcast state ({@code BroadcastStates.SERVER_UPDATES}):
 * the same bytes and snapshot as {@link ServerUpdateSerializer}, but a copy is the update itself.
 * Flink copies a broadcast state on the task thread at every checkpoint, through this copy; a
 * stored update is never changed once stored (a new update or a restamp replaces it), so sharing it
 * is safe, and a checkpoint of N servers no longer copies N updates while routing waits.
 */
public final class StoredServerUpdateSerializer extends ServerUpdateSerializer {
    private static final long serialVersionUID = 1L;

    public StoredServerUpdateSerializer() {
        this(FORMAT);
    }

    private StoredServerUpdateSerializer(int format) {
        super(format);
    }

    @Override
    StoredServerUpdateSerializer withFormat(int format) {
        return new StoredServerUpdateSerializer(format);
    }

    @Override
    public ServerUpdate copy(ServerUpdate from) {
        return from;
    }

    @Override
    public boolean isImmutableType() {
        return true;
    }
}
