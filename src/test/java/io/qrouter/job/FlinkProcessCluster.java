package io.qrouter.job;

import io.qrouter.tools.kafka.FreePorts;
import java.io.IOException;
import java.net.URI;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.TimeUnit;
import java.util.stream.Collectors;

/**
 * A Flink session cluster as separate JVM processes, one JobManager and N TaskManagers, started the
 * way the Flink distribution's scripts start them: the same entry points ({@code
 * StandaloneSessionClusterEntrypoint}, {@code TaskManagerRunner}) with {@code --configDir} and a
 * generated {@code config.yaml}, JVM memory flags and dynamic properties from {@code
 * BashJavaUtils}, the distribution's Java 17 module options, and log files.
 *
 * <p>The classpath is {@code target/flink-cluster.classpath}, written by the build
 * (maven-dependency-plugin {@code build-classpath}): Flink's modules with their dependencies and
 * log4j, as a distribution's {@code lib/} holds them, and not the job's connector, Kafka client or
 * Avro. Taken from Maven rather than from this test's own {@code java.class.path} because Maven
 * resolves and filters it by artifact (the test classpath also holds the job, Kafka's broker, JUnit
 * and everything a cluster must not have), and because the README's hand-started cluster uses the
 * very same file.
 */
public final class FlinkProcessCluster implements AutoCloseable {
    /**
     * Flink's distribution config.yaml sets these for Java 17 (env.java.default-opts.all); its
     * scripts pass them.
     */
    public static final List<String> JAVA_17_OPTIONS =
            List.of(
                    "--add-exports=java.base/sun.net.util=ALL-UNNAMED",
                    "--add-exports=java.rmi/sun.rmi.registry=ALL-UNNAMED",
                    "--add-exports=java.security.jgss/sun.security.krb5=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang=ALL-UNNAMED",
                    "--add-opens=java.base/java.net=ALL-UNNAMED",
                    "--add-opens=java.base/java.io=ALL-UNNAMED",
                    "--add-opens=java.base/java.nio=ALL-UNNAMED",
                    "--add-opens=java.base/sun.nio.ch=ALL-UNNAMED",
                    "--add-opens=java.base/java.lang.reflect=ALL-UNNAMED",
                    "--add-opens=java.base/java.text=ALL-UNNAMED",
                    "--add-opens=java.base/java.time=ALL-UNNAMED",
                    "--add-opens=java.base/java.util=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.atomic=ALL-UNNAMED",
                    "--add-opens=java.base/java.util.concurrent.locks=ALL-UNNAMED");

    public static final Path CLASSPATH_FILE = Path.of("target", "flink-cluster.classpath");

    private final Path dir;
    private final String classpath;
    private final URI rest;
    private final Process jobManager;
    private final List<Process> taskManagers = new ArrayList<>();

    private FlinkProcessCluster(Path dir, String classpath, URI rest, Process jobManager) {
        this.dir = dir;
        this.classpath = classpath;
        this.rest = rest;
        this.jobManager = jobManager;
    }

    /**
     * Writes {@code dir/conf} (config.yaml: this cluster's addresses and ports, {@code settings};
     * log4j), then starts the JobManager and {@code taskManagers} TaskManagers. Returns at once;
     * see {@link #rest()}.
     */
    public static FlinkProcessCluster start(
            Path dir, int taskManagers, Map<String, String> settings) throws IOException {
        String classpath = Files.readString(CLASSPATH_FILE).trim();
        Path conf = Files.createDirectories(dir.resolve("conf"));
        Files.createDirectories(dir.resolve("log"));
        Files.createDirectories(dir.resolve("tmp"));
        int restPort = FreePorts.any();
        Map<String, String> config = new LinkedHashMap<>();
        config.put("jobmanager.rpc.address", "localhost");
        config.put("jobmanager.rpc.port", Integer.toString(FreePorts.any()));
        config.put("jobmanager.bind-host", "localhost");
        config.put("taskmanager.bind-host", "localhost");
        config.put("taskmanager.host", "localhost");
        config.put("rest.address", "localhost");
        config.put("rest.bind-address", "localhost");
        config.put("rest.port", Integer.toString(restPort));
        config.put("io.tmp.dirs", dir.resolve("tmp").toAbsolutePath().toString());
        config.put("web.tmpdir", dir.resolve("tmp").toAbsolutePath().toString());
        config.put("env.java.default-opts.all", String.join(" ", JAVA_17_OPTIONS));
        config.putAll(settings);
        Files.writeString(
                conf.resolve("config.yaml"),
                config.entrySet().stream()
                        .map(e -> e.getKey() + ": " + e.getValue())
                        .collect(Collectors.joining("\n", "", "\n")));
        Files.writeString(
                conf.resolve("log4j.properties"),
                String.join(
                        "\n",
                        "rootLogger.level = INFO",
                        "rootLogger.appenderRef.file.ref = MainAppender",
                        "appender.main.name = MainAppender",
                        "appender.main.type = File",
                        "appender.main.fileName = ${sys:log.file}",
                        "appender.main.layout.type = PatternLayout",
                        "appender.main.layout.pattern = %d{HH:mm:ss,SSS} %-5p %c{1} - %m%n",
                        ""));

        List<String> jm = resourceParams(classpath, conf, "GET_JM_RESOURCE_PARAMS");
        FlinkProcessCluster cluster =
                new FlinkProcessCluster(
                        dir,
                        classpath,
                        URI.create("http://localhost:" + restPort),
                        launch(
                                dir,
                                classpath,
                                "jobmanager",
                                jm,
                                "org.apache.flink.runtime.entrypoint.StandaloneSessionClusterEntrypoint"));
        Runtime.getRuntime().addShutdownHook(new Thread(cluster::destroyAll));
        List<String> tm = resourceParams(classpath, conf, "GET_TM_RESOURCE_PARAMS");
        for (int i = 0; i < taskManagers; i++) {
            cluster.taskManagers.add(
                    launch(
                            dir,
                            classpath,
                            "taskmanager-" + i,
                            tm,
                            "org.apache.flink.runtime.taskexecutor.TaskManagerRunner"));
        }
        return cluster;
    }

    /** The REST endpoint (and web UI). */
    URI rest() {
        return rest;
    }

    /** The classpath the processes run with. */
    String classpath() {
        return classpath;
    }

    /** Kills TaskManager {@code index} with SIGKILL and waits until it is gone. */
    void killTaskManager(int index) throws InterruptedException {
        Process p = taskManagers.get(index);
        p.destroyForcibly();
        p.waitFor(30, TimeUnit.SECONDS);
    }

    /** The last lines of every process's log, for a failure message. */
    String logTails() {
        StringBuilder out = new StringBuilder();
        try (var logs = Files.list(dir.resolve("log"))) {
            for (Path log : logs.sorted().toList()) {
                List<String> lines = Files.readAllLines(log, StandardCharsets.UTF_8);
                out.append("==> ").append(log).append('\n');
                lines.subList(Math.max(0, lines.size() - 15), lines.size())
                        .forEach(l -> out.append(l).append('\n'));
            }
        } catch (IOException e) {
            out.append("(logs unreadable: ").append(e.getMessage()).append(")\n");
        }
        return out.toString();
    }

    @Override
    public void close() {
        destroyAll();
    }

    private void destroyAll() {
        List<Process> all = new ArrayList<>(taskManagers);
        all.add(jobManager);
        for (Process p : all) {
            p.destroyForcibly();
        }
        for (Process p : all) {
            try {
                p.waitFor(30, TimeUnit.SECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return;
            }
        }
    }

    /**
     * What the scripts get from {@code BashJavaUtils}: line 1 the JVM memory flags (-Xmx, -Xms,
     * direct and metaspace limits), line 2 the derived memory settings as {@code -D key=value}
     * dynamic properties.
     */
    private static List<String> resourceParams(String classpath, Path conf, String command)
            throws IOException {
        Process p =
                new ProcessBuilder(
                                javaBinary(),
                                "-cp",
                                classpath,
                                "org.apache.flink.runtime.util.bash.BashJavaUtils",
                                command,
                                "--configDir",
                                conf.toString())
                        .redirectErrorStream(true)
                        .start();
        String output = new String(p.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        List<String> results =
                output.lines()
                        .filter(l -> l.startsWith("BASH_JAVA_UTILS_EXEC_RESULT:"))
                        .map(l -> l.substring("BASH_JAVA_UTILS_EXEC_RESULT:".length()))
                        .toList();
        if (results.size() != 2) {
            throw new IllegalStateException("BashJavaUtils " + command + " failed:\n" + output);
        }
        return results;
    }

    private static Process launch(
            Path dir, String classpath, String name, List<String> resourceParams, String mainClass)
            throws IOException {
        List<String> command = new ArrayList<>();
        command.add(javaBinary());
        command.addAll(Arrays.asList(resourceParams.get(0).trim().split("\\s+")));
        command.addAll(JAVA_17_OPTIONS);
        command.add("-Djava.io.tmpdir=" + dir.resolve("tmp").toAbsolutePath());
        command.add("-Dlog.file=" + dir.resolve("log").resolve(name + ".log").toAbsolutePath());
        command.add(
                "-Dlog4j.configurationFile=file:"
                        + dir.resolve("conf").resolve("log4j.properties").toAbsolutePath());
        command.addAll(
                List.of(
                        "-cp",
                        classpath,
                        mainClass,
                        "--configDir",
                        dir.resolve("conf").toString()));
        command.addAll(Arrays.asList(resourceParams.get(1).trim().split("\\s+")));
        return new ProcessBuilder(command)
                .redirectErrorStream(true)
                .redirectOutput(dir.resolve("log").resolve(name + ".out").toFile())
                .start();
    }

    private static String javaBinary() {
        return Path.of(System.getProperty("java.home"), "bin", "java").toString();
    }
}
