package io.qrouter.job;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped example file and the README table are generated from ConfigKey and must stay so. */
class ConfigDocsTest {
    static final Path EXAMPLE = Path.of("config/qrouter.properties");

    @Test
    void shippedExampleConfigIsTheGeneratedOneAndLoadsToTheDefaults() throws Exception {
        if (Boolean.getBoolean("qrouter.writeDocs")) {
            Files.writeString(EXAMPLE, ConfigDocs.exampleProperties());
        }
        assertThat(Files.readString(EXAMPLE))
                .as("config/qrouter.properties is stale: rerun this test with -Dqrouter.writeDocs=true")
                .isEqualTo(ConfigDocs.exampleProperties());
        JobConfig loaded = JobConfig.load(EXAMPLE, List.of());
        assertThat(loaded.masked()).isEqualTo(JobConfig.defaults().masked());
    }

    @Test
    void readmeHasTheGeneratedConfigurationTable() throws Exception {
        assertThat(Files.readString(Path.of("README.md")))
                .as("README's configuration table is stale: paste ConfigDocs.markdownTable()")
                .contains(ConfigDocs.markdownTable());
    }
}
