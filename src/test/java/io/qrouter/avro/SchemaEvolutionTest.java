package io.qrouter.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.generic.GenericData;
import org.apache.avro.generic.GenericDatumReader;
import org.apache.avro.generic.GenericDatumWriter;
import org.apache.avro.generic.GenericEnumSymbol;
import org.apache.avro.generic.GenericRecord;
import org.apache.avro.io.BinaryEncoder;
import org.apache.avro.io.DatumWriter;
import org.apache.avro.io.DecoderFactory;
import org.apache.avro.io.EncoderFactory;
import org.apache.avro.specific.SpecificDatumReader;
import org.apache.avro.specific.SpecificDatumWriter;
import org.apache.avro.specific.SpecificRecordBase;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.MethodSource;

/**
 * Every record round-trips, and Avro schema resolution works both ways against the frozen first
 * versions in src/test/resources/schemas-v0: an old reader reads records written now (new fields
 * skipped, new enum symbols read as the enum default UNKNOWN), and today's reader reads records
 * written with v0 (missing fields take their defaults). A new enum symbol from a future writer
 * reads as UNKNOWN.
 */
class SchemaEvolutionTest {
    private static final Map<String, Schema> V0 = parseV0();

    private static Map<String, Schema> parseV0() {
        Schema.Parser parser =
                new Schema.Parser(); // one parser: the records refer to the enums by name
        Map<String, Schema> byName = new HashMap<>();
        for (String file :
                List.of(
                        "TaskEventType",
                        "Health",
                        "TaskRequest",
                        "TaskEvent",
                        "Heartbeat",
                        "HeartbeatLog",
                        "RoutingDecision",
                        "ServerMetrics",
                        "SlotAssignment",
                        "DeadLetter",
                        "ControlCommand",
                        "ControlLogEntry")) {
            try (InputStream in =
                    SchemaEvolutionTest.class.getResourceAsStream(
                            "/schemas-v0/" + file + ".avsc")) {
                Schema schema = parser.parse(in);
                byName.put(schema.getFullName(), schema);
            } catch (IOException e) {
                throw new UncheckedIOException(e);
            }
        }
        return byName;
    }

    static Stream<SpecificRecordBase> samples() {
        return SampleRecords.all().stream();
    }

    @Test
    void everyRecordOfTheSchemasHasAFrozenV0AndASample() throws IOException {
        List<String> records = new ArrayList<>();
        try (Stream<Path> files = Files.list(Path.of("schemas"))) {
            for (Path file : files.filter(f -> f.toString().endsWith(".avsc")).toList()) {
                Schema schema =
                        new Schema.Parser()
                                .setValidateDefaults(false)
                                .parse(
                                        Files.readString(file)
                                                .replace(
                                                        "\"io.qrouter.avro.TaskEventType\"",
                                                        "\"string\"")
                                                .replace(
                                                        "\"io.qrouter.avro.Health\"",
                                                        "\"string\""));
                if (schema.getType() == Schema.Type.RECORD) {
                    records.add(schema.getFullName());
                }
            }
        }
        assertThat(V0.keySet()).containsAll(records);
        assertThat(samples().map(r -> r.getSchema().getFullName()))
                .containsExactlyInAnyOrderElementsOf(records);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void roundTripsEveryField(SpecificRecordBase record) throws IOException {
        byte[] bytes =
                write(record.getSchema(), new SpecificDatumWriter<>(record.getSchema()), record);
        assertThat(readSpecific(bytes, record.getSchema(), record.getClass())).isEqualTo(record);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void aReaderWithTheV0SchemaReadsRecordsWrittenNow(SpecificRecordBase record)
            throws IOException {
        Schema current = record.getSchema();
        Schema v0 = V0.get(current.getFullName());
        byte[] bytes = write(current, new SpecificDatumWriter<>(current), record);

        GenericRecord asWritten = readGeneric(bytes, current, current);
        GenericRecord asOldReaderSees = readGeneric(bytes, current, v0);

        assertThat(asOldReaderSees.getSchema()).isEqualTo(v0);
        assertOldReaderSees(v0, asWritten, asOldReaderSees);
    }

    @ParameterizedTest
    @MethodSource("samples")
    void todaysReaderReadsRecordsWrittenWithV0AndFillsInTheDefaults(SpecificRecordBase record)
            throws IOException {
        Schema current = record.getSchema();
        Schema v0 = V0.get(current.getFullName());
        GenericRecord v0Record =
                readGeneric(
                        write(current, new SpecificDatumWriter<>(current), record), current, v0);
        byte[] v0Bytes = write(v0, new GenericDatumWriter<>(v0), v0Record);

        GenericRecord upgraded = readGeneric(v0Bytes, v0, current);
        assertNewReaderSees(current, v0Record, upgraded);

        // the generated class reads it too, and holds exactly what the generic reading holds
        Object specific = readSpecific(v0Bytes, v0, record.getClass());
        assertThat(specific).isInstanceOf(record.getClass());
        assertThat(write(current, new SpecificDatumWriter<>(current), specific))
                .isEqualTo(write(current, new GenericDatumWriter<>(current), upgraded));
    }

    @Test
    void aTaskRequestFromAV0WriterGetsTheDocumentedDefaults() throws IOException {
        Schema v0 = V0.get(TaskRequest.getClassSchema().getFullName());
        GenericRecord old = new GenericData.Record(v0);
        old.put("taskId", "task-0");
        old.put("createdAt", 1_000L);
        TaskRequest read =
                readSpecific(write(v0, new GenericDatumWriter<>(v0), old), v0, TaskRequest.class);
        assertThat(read.getTaskId()).isEqualTo("task-0");
        assertThat(read.getTaskKey()).isNull();
        assertThat(read.getServiceType()).isEqualTo("default");
        assertThat(read.getLoad()).isEqualTo(1.0);
    }

    @Test
    void aTaskEventTypeFromANewerWriterReadsAsUnknown() throws IOException {
        Schema newer = withExtraEnumSymbol(TaskEvent.getClassSchema(), "type", "PREEMPTED");
        GenericRecord event = new GenericData.Record(newer);
        event.put("serverId", "s1");
        event.put("taskId", "task-1");
        event.put("type", new GenericData.EnumSymbol(newer.getField("type").schema(), "PREEMPTED"));
        event.put("eventTime", 5_000L);
        TaskEvent read =
                readSpecific(
                        write(newer, new GenericDatumWriter<>(newer), event),
                        newer,
                        TaskEvent.class);
        assertThat(read.getType()).isEqualTo(TaskEventType.UNKNOWN);
        assertThat(read.getTaskId()).isEqualTo("task-1");
        assertThat(read.getEventTime().toEpochMilli()).isEqualTo(5_000L);
    }

    @Test
    void aHealthFromANewerWriterReadsAsUnknown() throws IOException {
        Heartbeat heartbeat =
                (Heartbeat)
                        SampleRecords.all().stream()
                                .filter(Heartbeat.class::isInstance)
                                .findFirst()
                                .orElseThrow();
        Schema newer = withExtraEnumSymbol(Heartbeat.getClassSchema(), "health", "DRAINING");
        GenericRecord written =
                readGeneric(
                        write(
                                heartbeat.getSchema(),
                                new SpecificDatumWriter<>(heartbeat.getSchema()),
                                heartbeat),
                        heartbeat.getSchema(),
                        newer);
        written.put(
                "health",
                new GenericData.EnumSymbol(newer.getField("health").schema(), "DRAINING"));
        Heartbeat read =
                readSpecific(
                        write(newer, new GenericDatumWriter<>(newer), written),
                        newer,
                        Heartbeat.class);
        assertThat(read.getHealth()).isEqualTo(Health.UNKNOWN);
        assertThat(read.getQueueLength()).isEqualTo(heartbeat.getQueueLength());
    }

    /**
     * Each v0 field holds what was written, but a symbol v0 does not know reads as the v0 enum's
     * default.
     */
    private static void assertOldReaderSees(Schema v0, GenericRecord written, GenericRecord seen) {
        for (Schema.Field field : v0.getFields()) {
            Object writtenValue = written.get(field.name());
            Object seenValue = seen.get(field.name());
            Schema fieldSchema = field.schema();
            if (fieldSchema.getType() == Schema.Type.RECORD) {
                assertOldReaderSees(
                        fieldSchema, (GenericRecord) writtenValue, (GenericRecord) seenValue);
            } else if (fieldSchema.getType() == Schema.Type.ENUM) {
                String symbol = writtenValue.toString();
                String expected =
                        fieldSchema.hasEnumSymbol(symbol) ? symbol : fieldSchema.getEnumDefault();
                assertThat(seenValue.toString()).as(field.name()).isEqualTo(expected);
                assertThat(seenValue).isInstanceOf(GenericEnumSymbol.class);
            } else {
                assertThat(render(seenValue)).as(field.name()).isEqualTo(render(writtenValue));
            }
        }
    }

    /** Fields v0 has hold what v0 wrote; fields it lacks hold their schema default. */
    private static void assertNewReaderSees(
            Schema current, GenericRecord v0Record, GenericRecord upgraded) {
        Schema v0 = v0Record.getSchema();
        for (Schema.Field field : current.getFields()) {
            Object value = upgraded.get(field.name());
            if (v0.getField(field.name()) == null) {
                assertThat(field.hasDefaultValue())
                        .as(field.name() + " is new, so it needs a default")
                        .isTrue();
                assertThat(render(value))
                        .as(field.name())
                        .isEqualTo(render(GenericData.get().getDefaultValue(field)));
            } else if (field.schema().getType() == Schema.Type.RECORD) {
                assertNewReaderSees(
                        field.schema(),
                        (GenericRecord) v0Record.get(field.name()),
                        (GenericRecord) value);
            } else {
                assertThat(render(value))
                        .as(field.name())
                        .isEqualTo(render(v0Record.get(field.name())));
            }
        }
    }

    private static String render(Object value) {
        return GenericData.get().toString(value);
    }

    private static Schema withExtraEnumSymbol(Schema record, String enumField, String symbol) {
        List<Schema.Field> fields = new ArrayList<>();
        for (Schema.Field field : record.getFields()) {
            Schema schema = field.schema();
            if (field.name().equals(enumField)) {
                List<String> symbols = new ArrayList<>(schema.getEnumSymbols());
                symbols.add(symbol);
                schema =
                        Schema.createEnum(
                                schema.getName(),
                                schema.getDoc(),
                                schema.getNamespace(),
                                symbols,
                                schema.getEnumDefault());
            }
            fields.add(new Schema.Field(field, schema));
        }
        return Schema.createRecord(
                record.getName(), record.getDoc(), record.getNamespace(), false, fields);
    }

    /**
     * Reads with the generated class (its own model, with the timestamp conversions) from bytes of
     * {@code writer}.
     */
    private static <T> T readSpecific(byte[] bytes, Schema writer, Class<T> recordClass)
            throws IOException {
        SpecificDatumReader<T> reader = new SpecificDatumReader<>(recordClass);
        reader.setSchema(writer);
        return reader.read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    }

    private static GenericRecord readGeneric(byte[] bytes, Schema writer, Schema reader)
            throws IOException {
        return new GenericDatumReader<GenericRecord>(writer, reader)
                .read(null, DecoderFactory.get().binaryDecoder(bytes, null));
    }

    @SuppressWarnings({"unchecked", "rawtypes"})
    private static byte[] write(Schema schema, DatumWriter writer, Object datum)
            throws IOException {
        ByteArrayOutputStream out = new ByteArrayOutputStream();
        BinaryEncoder encoder = EncoderFactory.get().binaryEncoder(out, null);
        writer.setSchema(schema);
        writer.write(datum, encoder);
        encoder.flush();
        return out.toByteArray();
    }
}
