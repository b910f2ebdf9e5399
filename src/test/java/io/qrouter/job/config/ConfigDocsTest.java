package io.qrouter.job.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/** The shipped example file and the README table are generated from ConfigKey and must stay so. */
class ConfigDocsTest {
    static final Path EXAMPLE = Path.of("config/qrouter.properties");
    static final Path README = Path.of("README.md");
    private static final String TABLE_HEADER = "| key | default | valid values | meaning |";

    /**
     * The README with its configuration table (from the header to the first blank line)
     * regenerated.
     */
    private static String withTable(String readme) {
        int start = readme.indexOf(TABLE_HEADER);
        int end = readme.indexOf("\n\n", start);
        return readme.substring(0, start) + ConfigDocs.markdownTable() + readme.substring(end + 1);
    }

    @Test
    void shippedExampleConfigIsTheGeneratedOneAndLoadsToTheDefaults() throws Exception {
        if (Boolean.getBoolean("qrouter.writeDocs")) {
            Files.writeString(EXAMPLE, ConfigDocs.exampleProperties());
        }
        assertThat(Files.readString(EXAMPLE))
                .as(
                        "config/qrouter.properties is stale: rerun this test with -Dqrouter.writeDocs=true")
                .isEqualTo(ConfigDocs.exampleProperties());
        JobConfig loaded = JobConfig.load(EXAMPLE, List.of());
        assertThat(loaded.masked()).isEqualTo(JobConfig.defaults().masked());
    }

    @Test
    void readmeHasTheGeneratedConfigurationTable() throws Exception {
        if (Boolean.getBoolean("qrouter.writeDocs")) {
            Files.writeString(README, withTable(Files.readString(README)));
        }
        assertThat(Files.readString(README))
                .as(
                        "README's configuration table is stale: rerun this test with -Dqrouter.writeDocs=true")
                .contains(ConfigDocs.markdownTable());
    }
}
