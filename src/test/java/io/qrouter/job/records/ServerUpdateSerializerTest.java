package io.qrouter.job.records;

import static org.assertj.core.api.Assertions.assertThat;

import java.util.List;
import org.apache.flink.api.common.serialization.SerializerConfigImpl;
import org.apache.flink.api.common.typeinfo.TypeInformation;
import org.apache.flink.api.common.typeutils.TypeSerializer;
import org.junit.jupiter.api.Test;

/**
 * {@link ServerUpdateSerializer} under Flink's serializer tests, with a busy, a new, an overloaded
 * and a departed server's update and the defaults.
 */
class ServerUpdateSerializerTest extends HandWrittenSerializerTestBase<ServerUpdate> {
    @Override
    protected TypeSerializer<ServerUpdate> createSerializer() {
        return new ServerUpdateSerializer();
    }

    @Override
    protected Class<ServerUpdate> getTypeClass() {
        return ServerUpdate.class;
    }

    @Override
    List<ServerUpdate> samples() {
        return SerializerSamples.serverUpdates();
    }

    @Test
    void flinkPicksItForTheRecord() {
        assertThat(
                        TypeInformation.of(ServerUpdate.class)
                                .createSerializer(new SerializerConfigImpl()))
                .isEqualTo(new ServerUpdateSerializer());
    }
}
