package io.qrouter.docker;

import static org.assertj.core.api.Assertions.assertThat;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.dataformat.yaml.YAMLMapper;
import io.qrouter.job.config.ConfigKey;
import io.qrouter.job.config.JobConfig;
import io.qrouter.job.config.TopicNames;
import java.io.File;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;

/** docker/ cannot run here (no engine), so it is kept consistent with the project instead. */
class DockerComposeTest {
    private static final Path DOCKER = Path.of("docker");
    private static JsonNode services;
    private static JobConfig jobConfig;

    @BeforeAll
    static void read() throws Exception {
        services =
                new YAMLMapper()
                        .readTree(DOCKER.resolve("docker-compose.yml").toFile())
                        .get("services");
        // the job as job-submit starts it: the project's properties file plus the command's --set
        // overrides
        String submit = services.get("job-submit").get("command").get(0).asText();
        List<String> overrides = new ArrayList<>();
        Matcher set = Pattern.compile("--set (\\S+)").matcher(submit);
        while (set.find()) {
            overrides.add(set.group(1));
        }
        assertThat(overrides).isNotEmpty();
        jobConfig = JobConfig.load(Path.of("config", "qrouter.properties"), overrides);
    }

    @Test
    void imagesUseThePomsKafkaAndFlinkVersions() throws Exception {
        String pom = Files.readString(Path.of("pom.xml"));
        String kafka = pomProperty(pom, "kafka.version");
        String flink = pomProperty(pom, "flink.version");
        List<String> images = new ArrayList<>();
        services.fields().forEachRemaining(s -> images.add(s.getValue().get("image").asText()));
        assertThat(images).contains("apache/kafka:" + kafka, "flink:" + flink + "-java17");
        for (String image : images) {
            if (image.startsWith("apache/kafka:")) {
                assertThat(image).isEqualTo("apache/kafka:" + kafka);
            }
            if (image.startsWith("flink:")) {
                assertThat(image).isEqualTo("flink:" + flink + "-java17");
            }
        }
        // the jars the compose file mounts: the slim job jar for the cluster, the CLI jar for the
        // fleet
        assertThat(pom)
                .contains("<finalName>qrouter-job</finalName>", "<finalName>qrouter</finalName>");
    }

    @Test
    void topicsCreatedAreTheJobsTopicsAndTheDefaults() {
        String script = services.get("kafka-init").get("command").get(0).asText();
        Matcher m = Pattern.compile("for topic in ([^;]+);").matcher(script);
        assertThat(m.find()).isTrue();
        List<String> created = Arrays.asList(m.group(1).trim().split("\\s+"));
        assertThat(created).containsExactlyInAnyOrderElementsOf(TopicNames.ALL);
        for (String topic : TopicNames.ALL) {
            ConfigKey key =
                    Arrays.stream(ConfigKey.values())
                            .filter(k -> k.key().equals("topic." + topic))
                            .findFirst()
                            .orElseThrow(() -> new AssertionError("no config key topic." + topic));
            assertThat(jobConfig.get(key)).isEqualTo(topic);
        }
    }

    @Test
    void jobFleetAndBrokerAgreeOnAddressesAndTimeouts() {
        String bootstrap = jobConfig.get(ConfigKey.KAFKA_BOOTSTRAP_SERVERS);
        JsonNode kafkaEnv = services.get("kafka").get("environment");
        assertThat(kafkaEnv.get("KAFKA_ADVERTISED_LISTENERS").asText()).contains("://" + bootstrap);
        List<String> fleet = new ArrayList<>();
        services.get("fleet").get("command").forEach(n -> fleet.add(n.asText()));
        assertThat(fleet.get(fleet.indexOf("--bootstrap") + 1)).isEqualTo(bootstrap);
        assertThat(fleet).contains("fleet");
        assertThat(jobConfig.getLong(ConfigKey.SINK_TRANSACTION_TIMEOUT_MS))
                .isLessThan(kafkaEnv.get("KAFKA_TRANSACTION_MAX_TIMEOUT_MS").asLong());
        String submit = services.get("job-submit").get("command").get(0).asText();
        assertThat(submit)
                .contains(
                        "-c io.qrouter.job.QrouterJob /opt/qrouter/qrouter-job.jar",
                        "--config /opt/qrouter/qrouter.properties");
        for (String service : List.of("job-submit", "jobmanager")) {
            List<String> mounts = new ArrayList<>();
            services.get(service).get("volumes").forEach(v -> mounts.add(v.asText()));
            assertThat(mounts)
                    .as(service)
                    .contains(
                            "../config/qrouter.properties:/opt/qrouter/qrouter.properties:ro",
                            "../target/qrouter-job.jar:/opt/qrouter/qrouter-job.jar:ro");
        }
        List<String> fleetMounts = new ArrayList<>();
        services.get("fleet").get("volumes").forEach(v -> fleetMounts.add(v.asText()));
        assertThat(fleetMounts).contains("../target/qrouter.jar:/opt/qrouter/qrouter.jar:ro");
    }

    @Test
    void prometheusScrapesBothFlinkProcessesOnTheReportersPort() throws Exception {
        JsonNode scrape =
                new YAMLMapper()
                        .readTree(DOCKER.resolve("prometheus").resolve("prometheus.yml").toFile());
        List<String> targets = new ArrayList<>();
        scrape.get("scrape_configs")
                .forEach(
                        c ->
                                c.get("static_configs")
                                        .forEach(
                                                s ->
                                                        s.get("targets")
                                                                .forEach(
                                                                        t ->
                                                                                targets.add(
                                                                                        t
                                                                                                .asText()))));
        for (String flink : List.of("jobmanager", "taskmanager")) {
            String properties =
                    services.get(flink).get("environment").get("FLINK_PROPERTIES").asText();
            Matcher port =
                    Pattern.compile("metrics\\.reporter\\.prometheus\\.port: (\\d+)")
                            .matcher(properties);
            assertThat(port.find()).as(flink).isTrue();
            assertThat(properties)
                    .contains(
                            "metrics.reporter.prometheus.factory.class:"
                                    + " org.apache.flink.metrics.prometheus.PrometheusReporterFactory");
            assertThat(targets).contains(flink + ":" + port.group(1));
        }
    }

    @Test
    void grafanaIsProvisionedWithTheDashboardAndItsDataSource() throws Exception {
        List<String> mounts = new ArrayList<>();
        services.get("grafana").get("volumes").forEach(v -> mounts.add(v.asText()));
        assertThat(mounts)
                .contains(
                        "./grafana/provisioning:/etc/grafana/provisioning:ro",
                        "./grafana/dashboards:/var/lib/grafana/dashboards:ro");
        JsonNode provider =
                new YAMLMapper()
                        .readTree(
                                DOCKER.resolve("grafana/provisioning/dashboards/qrouter.yml")
                                        .toFile());
        assertThat(provider.get("providers").get(0).get("options").get("path").asText())
                .isEqualTo("/var/lib/grafana/dashboards");
        JsonNode source =
                new YAMLMapper()
                        .readTree(
                                DOCKER.resolve("grafana/provisioning/datasources/prometheus.yml")
                                        .toFile())
                        .get("datasources")
                        .get(0);
        assertThat(source.get("url").asText()).isEqualTo("http://prometheus:9090");
        JsonNode dashboard =
                new com.fasterxml.jackson.databind.ObjectMapper()
                        .readTree(GrafanaDashboard.FILE.toFile());
        for (JsonNode panel : dashboard.get("panels")) {
            assertThat(panel.get("datasource").get("uid").asText())
                    .as(panel.get("title").asText())
                    .isEqualTo(source.get("uid").asText());
        }
        assertThat(GrafanaDashboard.queries()).hasSizeGreaterThanOrEqualTo(12);
    }

    @Test
    void dockerComposeAcceptsTheFile() throws Exception {
        Assumptions.assumeTrue(onPath("docker-compose"), "docker-compose is not installed");
        Process p =
                new ProcessBuilder("docker-compose", "-f", "docker-compose.yml", "config", "-q")
                        .directory(DOCKER.toFile())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(p.getInputStream().readAllBytes());
        assertThat(p.waitFor(60, TimeUnit.SECONDS)).isTrue();
        assertThat(p.exitValue()).as(output).isZero();
    }

    private static boolean onPath(String tool) {
        String path = System.getenv("PATH");
        return path != null
                && Arrays.stream(path.split(File.pathSeparator))
                        .anyMatch(dir -> Files.isExecutable(Path.of(dir, tool)));
    }

    private static String pomProperty(String pom, String name) {
        Matcher m =
                Pattern.compile(
                                "<"
                                        + Pattern.quote(name)
                                        + ">([^<]+)</"
                                        + Pattern.quote(name)
                                        + ">")
                        .matcher(pom);
        assertThat(m.find()).as("pom property %s", name).isTrue();
        return m.group(1).trim();
    }
}
