package io.qrouter.tools.demo;

import io.qrouter.avro.ControlLogEntry;
import io.qrouter.core.control.Command;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.control.CommandWords;
import io.qrouter.job.config.TopicNames;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.tools.kafka.ControlClient;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Properties;
import java.util.UUID;
import java.util.function.Consumer;

/**
 * The demo's scripted control commands ({@code demo --control FILE}): one per line, {@code AT
 * COMMAND ARGS...}, AT a duration since the fleet started ({@code 10s}, {@code 1500ms}), the
 * command as {@code qrouter control} takes it; blank lines and {@code #} comments are skipped.
 * Example: {@code 10s drain server-3} then {@code 20s policy jsq}.
 */
public record ControlScript(List<Step> steps) {
    /** One command and when to send it. */
    public record Step(Duration at, List<String> words) {}

    public ControlScript {
        steps = List.copyOf(steps);
    }

    /**
     * @throws IllegalArgumentException naming the line that is wrong
     */
    public static ControlScript read(Path file) {
        List<String> lines;
        try {
            lines = Files.readAllLines(file, StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new IllegalArgumentException(
                    "--control: cannot read " + file + ": " + e.getMessage());
        }
        List<Step> steps = new ArrayList<>();
        for (int i = 0; i < lines.size(); i++) {
            String line = lines.get(i).strip();
            if (line.isEmpty() || line.startsWith("#")) {
                continue;
            }
            List<String> words = Arrays.asList(line.split("\\s+"));
            try {
                Step step =
                        new Step(
                                duration(words.get(0)),
                                List.copyOf(words.subList(1, words.size())));
                CommandWords.parse("check", "demo", 0, step.words());
                steps.add(step);
            } catch (IllegalArgumentException e) {
                throw new IllegalArgumentException(
                        "--control " + file + " line " + (i + 1) + ": " + e.getMessage());
            }
        }
        steps.sort((a, b) -> a.at().compareTo(b.at()));
        return new ControlScript(steps);
    }

    private static Duration duration(String text) {
        String t = text.toLowerCase(Locale.ROOT);
        try {
            if (t.endsWith("ms")) {
                return Duration.ofMillis(Long.parseLong(t.substring(0, t.length() - 2)));
            }
            if (t.endsWith("s")) {
                return Duration.ofMillis(
                        Math.round(Double.parseDouble(t.substring(0, t.length() - 1)) * 1000));
            }
        } catch (NumberFormatException e) {
            // the message below says what is expected
        }
        throw new IllegalArgumentException(
                "a line starts with when to send it, e.g. 10s or 1500ms (got '" + text + "')");
    }

    /**
     * Sends the steps on time from a daemon thread, signed with {@code secret}, and tells {@code
     * say} each answer; closing stops it.
     */
    public AutoCloseable start(Properties kafka, String secret, Consumer<String> say) {
        CommandSignature signature = new CommandSignature(secret);
        ControlClient client = new ControlClient(kafka, TopicNames.CONTROL, TopicNames.CONTROL_LOG);
        long start = System.nanoTime();
        Thread thread =
                new Thread(
                        () -> {
                            for (Step step : steps) {
                                try {
                                    long wait = step.at().toNanos() - (System.nanoTime() - start);
                                    if (wait > 0) {
                                        Thread.sleep(wait / 1_000_000, (int) (wait % 1_000_000));
                                    }
                                    Command command =
                                            CommandWords.parse(
                                                    UUID.randomUUID().toString(),
                                                    "demo",
                                                    System.currentTimeMillis(),
                                                    step.words());
                                    Optional<ControlLogEntry> answer =
                                            client.send(
                                                    ControlCommands.record(command, signature),
                                                    Duration.ofSeconds(10));
                                    say.accept(
                                            "control at "
                                                    + step.at().toMillis() / 1000.0
                                                    + " s: "
                                                    + String.join(" ", step.words())
                                                    + " -> "
                                                    + answer.map(
                                                                    e ->
                                                                            e.getOutcome()
                                                                                            .toLowerCase(
                                                                                                    Locale
                                                                                                            .ROOT)
                                                                                    + ": "
                                                                                    + e.getReason())
                                                            .orElse("no answer within 10 s"));
                                } catch (InterruptedException e) {
                                    return;
                                } catch (Exception e) {
                                    say.accept(
                                            "control: "
                                                    + String.join(" ", step.words())
                                                    + " failed: "
                                                    + e.getMessage());
                                }
                            }
                        },
                        "demo-control-script");
        thread.setDaemon(true);
        thread.start();
        return thread::interrupt;
    }

    /** A fresh random secret for one demo run's job and script. */
    static String randomSecret() {
        return UUID.randomUUID().toString() + UUID.randomUUID();
    }
}
