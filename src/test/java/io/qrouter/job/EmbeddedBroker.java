package io.qrouter.job;

import io.qrouter.tools.kafka.EmbeddedKafka;
import org.junit.jupiter.api.extension.AfterAllCallback;
import org.junit.jupiter.api.extension.BeforeAllCallback;
import org.junit.jupiter.api.extension.ExtensionContext;

/**
 * One real in-process broker for all tests of a class, started before the first and stopped (its
 * files deleted) after the last: {@code @RegisterExtension static final EmbeddedBroker BROKER = new
 * EmbeddedBroker();}.
 */
public final class EmbeddedBroker implements BeforeAllCallback, AfterAllCallback {
    private EmbeddedKafka kafka;

    @Override
    public void beforeAll(ExtensionContext context) {
        kafka = EmbeddedKafka.start();
    }

    @Override
    public void afterAll(ExtensionContext context) {
        if (kafka != null) {
            kafka.close();
        }
    }

    String bootstrapServers() {
        return kafka.bootstrapServers();
    }
}
