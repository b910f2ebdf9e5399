package io.qrouter.tools.cli;

import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.core.control.CommandWords;
import io.qrouter.core.control.ControlAction;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.List;
import java.util.Map;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import org.apache.avro.Schema;
import org.junit.jupiter.api.Test;
import picocli.CommandLine;

/**
 * Every action has one name: the one the job accepts ({@link ControlAction}) is the one the
 * schema's doc lists, the CLI's command word that sends it, and the one its help and
 * docs/operating.md show (issue 30: the schema said k-weights, the CLI and the docs weights).
 */
class ActionNamesTest {
    private static final List<String> NAMES =
            Arrays.stream(ControlAction.values()).map(ControlAction::commandName).toList();

    /** Words that make a valid command of each action. */
    private static final Map<String, List<String>> EXAMPLES =
            Map.ofEntries(
                    Map.entry("policy", List.of("jsq")),
                    Map.entry("k-weights", List.of("1,1,0.5")),
                    Map.entry("power-of-d", List.of("2")),
                    Map.entry("idle-queue", List.of("off")),
                    Map.entry("drain", List.of("server-7")),
                    Map.entry("maintenance", List.of("server-7")),
                    Map.entry("active", List.of("server-7")),
                    Map.entry("weight", List.of("server-7", "0.5")),
                    Map.entry("set", List.of("server.down-timeout.ms=3000")),
                    Map.entry("register", List.of("server-7", "rack-2-*")),
                    Map.entry("deregister", List.of("server-7")),
                    Map.entry("servers", List.of()));

    @Test
    void theSchemaDocListsExactlyTheActionsTheJobAccepts() throws IOException {
        Schema schema =
                new Schema.Parser()
                        .parse(Path.of("schemas/io.qrouter.avro.ControlCommand.avsc").toFile());
        String doc = schema.getField("action").doc();

        assertThat(list(doc)).containsExactlyElementsOf(NAMES);
    }

    @Test
    void eachActionsNameIsTheCommandWordThatSendsIt() {
        assertThat(EXAMPLES.keySet()).containsExactlyInAnyOrderElementsOf(NAMES);
        EXAMPLES.forEach(
                (name, args) -> {
                    List<String> words = new java.util.ArrayList<>(List.of(name));
                    words.addAll(args);
                    assertThat(CommandWords.parse("c-1", "alice", 1L, words).action())
                            .as("the action sent by '%s'", String.join(" ", words))
                            .isEqualTo(name);
                });
    }

    @Test
    void theCliHelpAndTheOperatingDocShowEveryActionAndNoOther() throws IOException {
        StringWriter help = new StringWriter();
        new CommandLine(new Main()).setOut(new PrintWriter(help)).execute("control", "--help");
        String text = help.toString();
        String commands = text.substring(text.indexOf("Commands:"), text.indexOf("The HMAC"));
        // a command's line starts with two spaces and its name; continuations are indented more
        assertThat(firstWords(Pattern.compile("(?m)^  ([a-z][a-z-]*) "), commands))
                .containsExactlyInAnyOrderElementsOf(NAMES);
        String parameter =
                new CommandLine(new Main())
                        .getSubcommands()
                        .get("control")
                        .getCommandSpec()
                        .positionalParameters()
                        .get(0)
                        .description()[0];
        assertThat(list(parameter.substring(parameter.indexOf(": ") + 2)))
                .containsExactlyElementsOf(NAMES);

        String operating = Files.readString(Path.of("docs/operating.md"));
        String table =
                operating.substring(
                        operating.indexOf("| command | what it does |"),
                        operating.indexOf("**Live settings (`set`).**"));
        assertThat(firstWords(Pattern.compile("(?m)^\\| `([a-z][a-z-]*)[ `]"), table))
                .containsExactlyInAnyOrderElementsOf(NAMES);
    }

    /** The names of "a, b or c.", which must be all the text holds. */
    private static List<String> list(String sentence) {
        assertThat(sentence).endsWith(".");
        return List.of(sentence.substring(0, sentence.length() - 1).split(", | or "));
    }

    private static List<String> firstWords(Pattern line, String text) {
        List<String> words = new java.util.ArrayList<>();
        Matcher m = line.matcher(text);
        while (m.find()) {
            words.add(m.group(1));
        }
        return words;
    }
}
