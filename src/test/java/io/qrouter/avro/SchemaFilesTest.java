package io.qrouter.avro;

import static org.assertj.core.api.Assertions.assertThat;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.apache.avro.Schema;
import org.apache.avro.SchemaParseException;
import org.junit.jupiter.api.Test;

/**
 * The schema files load in any Avro library the way fastavro's {@code load_schema} and similar
 * loaders do: each file is named by the full name of the type it defines, and a named type one file
 * uses but does not define is found in the file of that name beside it.
 */
class SchemaFilesTest {
    private static final Path SCHEMAS = Path.of("schemas");

    /**
     * How Avro names a type it could not resolve: "Undefined name/schema: X", or an unresolved
     * placeholder.
     */
    private static final Pattern UNDEFINED =
            Pattern.compile("(?:Undefined (?:name|schema): ?\"?|unresolved\\.name\":\")([\\w.]+)");

    @Test
    void eachFileIsNamedByTheFullNameOfItsType() throws IOException {
        for (Path file : files()) {
            Schema schema = loadLikeFastavro(file);
            assertThat(file.getFileName().toString()).isEqualTo(schema.getFullName() + ".avsc");
        }
    }

    @Test
    void everyFileLoadsOnItsOwnResolvingReferencesByFileName() throws IOException {
        assertThat(files()).hasSizeGreaterThanOrEqualTo(10);
        for (Path file : files()) {
            assertThat(loadLikeFastavro(file).getType()).isIn(Schema.Type.RECORD, Schema.Type.ENUM);
        }
    }

    /**
     * Parses one file; a name it uses but does not define is loaded first from {@code <full
     * name>.avsc}.
     */
    private static Schema loadLikeFastavro(Path file) throws IOException {
        Schema.Parser parser = new Schema.Parser();
        String text = Files.readString(file);
        for (int attempt = 0; attempt < 20; attempt++) {
            try {
                return parser.parse(text);
            } catch (SchemaParseException | org.apache.avro.AvroTypeException e) {
                Matcher m = UNDEFINED.matcher(String.valueOf(e.getMessage()));
                if (!m.find()) {
                    throw e;
                }
                Path dependency = SCHEMAS.resolve(m.group(1) + ".avsc");
                assertThat(dependency)
                        .as("%s uses %s, which must live in %s", file, m.group(1), dependency)
                        .exists();
                parser = new Schema.Parser();
                parser.parse(Files.readString(dependency));
            }
        }
        throw new AssertionError("cannot resolve the names used by " + file);
    }

    private static List<Path> files() throws IOException {
        try (Stream<Path> files = Files.list(SCHEMAS)) {
            return files.filter(f -> f.toString().endsWith(".avsc")).sorted().toList();
        }
    }
}
