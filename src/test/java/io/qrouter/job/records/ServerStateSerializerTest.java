package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@link ServerStateSerializer} under Flink's serializer tests, with a busy, a down, an overloaded
 * and a new server's state and the defaults.
 */
class ServerStateSerializerTest extends HandWrittenSerializerTestBase<ServerState> {
    @Override
    protected TypeSerializer<ServerState> createSerializer() {
        return new ServerStateSerializer();
    }

    @Override
    protected Class<ServerState> getTypeClass() {
        return ServerState.class;
    }

    @Override
    List<ServerState> samples() {
        return SerializerSamples.serverStates();
    }

    @Test
    void flinkPicksItForTheRecord() {
        assertThat(
                        TypeInformation.of(ServerState.class)
                                .createSerializer(new SerializerConfigImpl()))
                .isEqualTo(new ServerStateSerializer());
    }
}
