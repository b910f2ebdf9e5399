package io.qrouter.job.operators;

import static io.qrouter.job.Records.snapshot;
import static org.assertj.core.api.Assertions.assertThat;

import io.qrouter.avro.ControlCommand;
import io.qrouter.avro.ControlLogEntry;
import io.qrouter.core.control.CommandSignature;
import io.qrouter.core.text.UnsafeCharacters;
import io.qrouter.job.TestSettings;
import io.qrouter.job.config.ControlSettings;
import io.qrouter.job.convert.ControlCommands;
import io.qrouter.job.records.ServerSignal;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.Map;
import org.apache.flink.streaming.runtime.streamrecord.StreamRecord;
import org.apache.flink.types.Either;
import org.apache.logging.log4j.Level;
import org.apache.logging.log4j.LogManager;
import org.apache.logging.log4j.core.LogEvent;
import org.apache.logging.log4j.core.LoggerContext;
import org.apache.logging.log4j.core.appender.AbstractAppender;
import org.apache.logging.log4j.core.config.LoggerConfig;
import org.apache.logging.log4j.core.config.Property;
import org.apache.logging.log4j.core.layout.PatternLayout;
import org.junit.jupiter.api.AfterEach;
import org.junit.jupiter.api.BeforeEach;
import org.junit.jupiter.api.Test;

/**
 * Issue 30's log injection, through both control operators: text from a command (issuer, target,
 * arguments, and reasons quoting them) reaches the control-log and the job's log lines escaped, so
 * a refused command cannot print a forged APPLIED line or a terminal escape.
 */
class ControlLogInjectionTest {
    private static final long NOW = 1_800_000_000_000L;

    /** A newline, a fake INFO line of ControlFunction, and "erase the line" (ESC [2K). */
    private static final String FORGED_ISSUER = "x\n12:00:00 INFO ControlFunction APPLIED\u001b[2K";

    private static final String SHOWN_ISSUER =
            "x\\n12:00:00 INFO ControlFunction APPLIED\\u001b[2K";

    private final List<ControlPipeline> open = new ArrayList<>();
    private CapturedLog lines;

    @BeforeEach
    void capture() {
        lines = new CapturedLog(ControlFunction.class.getPackageName());
    }

    @AfterEach
    void close() throws Exception {
        lines.close();
        for (var pipeline : open) {
            pipeline.close();
        }
    }

    private ControlPipeline pipeline() throws Exception {
        var pipeline =
                new ControlPipeline(
                        new ControlSettings(
                                ControlFunctionTest.SECRET, 60_000, TestSettings.router(), true),
                        TestSettings.config(),
                        null);
        pipeline.setProcessingTime(NOW);
        pipeline.processElement2(
                new StreamRecord<>(ServerSignal.of(snapshot("server-7", NOW - 500, 0))));
        open.add(pipeline);
        return pipeline;
    }

    private static ControlCommand command(
            String secret, String id, String action, String target, Map<String, String> args) {
        return ControlCommands.signed(
                new CommandSignature(secret), id, FORGED_ISSUER, NOW, action, target, args);
    }

    private static void send(ControlPipeline pipeline, ControlCommand command) throws Exception {
        pipeline.processElement1(new StreamRecord<>(Either.Right(command)));
    }

    @Test
    void aForgedIssuerIsRefusedAndItsLogLineAndEntryStayOnePrintableLine() throws Exception {
        var pipeline = pipeline();
        send(pipeline, command("an-attackers-own-key-0123", "c-1", "drain", "server-7", Map.of()));

        ControlLogEntry entry = pipeline.log().get(0);
        assertThat(entry.getOutcome()).isEqualTo("REFUSED");
        assertThat(entry.getReason()).isEqualTo("wrong signature");
        assertThat(entry.getIssuer()).isEqualTo(SHOWN_ISSUER);
        assertPrintable(entry);
        assertThat(pipeline.extractOutputValues()).as("nothing applied").isEmpty();

        assertThat(lines.all())
                .singleElement()
                .satisfies(
                        line ->
                                assertThat(line)
                                        .startsWith(
                                                "WARN ControlAuthFunction - control command c-1")
                                        .contains("from " + SHOWN_ISSUER + " refused")
                                        .endsWith("refused: wrong signature\n"));
        assertOneSafeLineEach(lines.all());
    }

    @Test
    void outsideTextIsEscapedInEveryFieldAndReasonWhetherRefusedOrApplied() throws Exception {
        var pipeline = pipeline();
        String secret = ControlFunctionTest.SECRET;
        send(pipeline, command(secret, "c-1", "drain", "server-7\u202e\n", Map.of()));
        send(pipeline, command(secret, "c-2", "policy", null, Map.of("name", "jsq\u001b[31m")));
        send(pipeline, command(secret, "c-3", "set", null, Map.of("bad\rkey", "1\u2028")));
        send(pipeline, command(secret, "c-4", "drain", "server-7", Map.of()));

        List<ControlLogEntry> log = pipeline.log();
        assertThat(log)
                .extracting(ControlLogEntry::getOutcome)
                .containsExactly("REFUSED", "REFUSED", "REFUSED", "APPLIED");
        assertThat(log.get(0).getTarget()).isEqualTo("server-7\\u202e\\n");
        assertThat(log.get(0).getReason()).contains("\"server-7\\u202e\\n\"");
        assertThat(log.get(1).getArguments()).containsEntry("name", "jsq\\u001b[31m");
        assertThat(log.get(1).getReason()).contains("\"jsq\\u001b[31m\"");
        assertThat(log.get(2).getArguments()).containsEntry("bad\\rkey", "1\\u2028");
        assertThat(log.get(2).getReason()).contains("bad\\rkey");
        assertThat(log.get(3).getIssuer()).isEqualTo(SHOWN_ISSUER);
        log.forEach(ControlLogInjectionTest::assertPrintable);

        assertThat(lines.all()).hasSize(4);
        assertThat(lines.all().get(3))
                .startsWith("INFO ControlFunction - control command c-4 from " + SHOWN_ISSUER);
        assertOneSafeLineEach(lines.all());
    }

    private static void assertPrintable(ControlLogEntry entry) {
        UnsafeCharacters.assertNone(entry.getCommandId());
        UnsafeCharacters.assertNone(entry.getIssuer());
        UnsafeCharacters.assertNone(entry.getAction());
        UnsafeCharacters.assertNone(entry.getTarget());
        UnsafeCharacters.assertNone(entry.getReason());
        entry.getArguments()
                .forEach(
                        (k, v) -> {
                            UnsafeCharacters.assertNone(k);
                            UnsafeCharacters.assertNone(v);
                        });
    }

    /** Each log line is one line: its only line break is the layout's own, at the end. */
    private static void assertOneSafeLineEach(List<String> logged) {
        for (String line : logged) {
            assertThat(line).endsWith("\n");
            UnsafeCharacters.assertNone(line.substring(0, line.length() - 1));
        }
    }

    /** The lines one logger (and those under it) writes while a test runs, laid out as a log. */
    private static final class CapturedLog implements AutoCloseable {
        private final List<String> lines = Collections.synchronizedList(new ArrayList<>());
        private final LoggerContext context = (LoggerContext) LogManager.getContext(false);
        private final String name;
        private final AbstractAppender appender;

        CapturedLog(String name) {
            this.name = name;
            PatternLayout layout =
                    PatternLayout.newBuilder().withPattern("%level %c{1} - %msg%n").build();
            appender =
                    new AbstractAppender("captured", null, layout, true, Property.EMPTY_ARRAY) {
                        @Override
                        public void append(LogEvent event) {
                            lines.add(layout.toSerializable(event));
                        }
                    };
            appender.start();
            LoggerConfig logger = new LoggerConfig(name, Level.INFO, false);
            logger.addAppender(appender, Level.INFO, null);
            context.getConfiguration().addLogger(name, logger);
            context.updateLoggers();
        }

        List<String> all() {
            return List.copyOf(lines);
        }

        @Override
        public void close() {
            context.getConfiguration().removeLogger(name);
            context.updateLoggers();
            appender.stop();
        }
    }
}
