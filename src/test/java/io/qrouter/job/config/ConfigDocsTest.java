package io.qrouter.job.config;

import static org.assertj.core.api.Assertions.assertThat;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;

/**
 * The shipped example file and the configuration table of docs/configuration.md are generated from
 * ConfigKey and must stay so.
 */
class ConfigDocsTest {
    static final Path EXAMPLE = Path.of("config/qrouter.properties");
    static final Path CONFIGURATION_DOC = Path.of("docs/configuration.md");
    private static final String TABLE_HEADER = "| key | default | valid values | meaning |";

    /**
     * docs/configuration.md with its configuration table (from the header to the first blank line)
     * regenerated.
     */
    private static String withTable(String doc) {
        int start = doc.indexOf(TABLE_HEADER);
        int end = doc.indexOf("\n\n", start);
        return doc.substring(0, start) + ConfigDocs.markdownTable() + doc.substring(end + 1);
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
    void configurationDocHasTheGeneratedTable() throws Exception {
        if (Boolean.getBoolean("qrouter.writeDocs")) {
            Files.writeString(CONFIGURATION_DOC, withTable(Files.readString(CONFIGURATION_DOC)));
        }
        assertThat(Files.readString(CONFIGURATION_DOC))
                .as(
                        "docs/configuration.md's configuration table is stale: rerun this test with -Dqrouter.writeDocs=true")
                .contains(ConfigDocs.markdownTable());
    }
}
