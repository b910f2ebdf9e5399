package io.qrouter.tools.cli;

import io.qrouter.job.convert.ServerSignature;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * Prints the signing key of each server named, derived from the fleet's secret: what an operator
 * installs on that server under {@code server.admission=signed}. Nothing is sent anywhere.
 */
@CommandLine.Command(
        name = "server-key",
        mixinStandardHelpOptions = true,
        description = {
            "Print each server's signing key (64 hex digits) for server.admission=signed: HMAC-SHA256 of its id "
                    + "under the fleet's secret (the job's server.hmac-secret). Install each key on its server "
                    + "only; the fleet's secret stays with the job.",
            "The secret comes from --secret-file or the environment variable "
                    + ServerKeyCommand.SECRET_ENV
                    + "; it is never printed."
        })
final class ServerKeyCommand implements Callable<Integer> {
    static final String SECRET_ENV = "QROUTER_SERVER_SECRET";

    @Spec CommandLine.Model.CommandSpec spec;

    @Option(
            names = "--secret-file",
            paramLabel = "FILE",
            description =
                    "File holding the fleet's secret (UTF-8, surrounding whitespace ignored).")
    Path secretFile;

    @Parameters(paramLabel = "SERVER", arity = "1..*", description = "Server ids.")
    List<String> servers;

    @Override
    public Integer call() throws IOException {
        String secret =
                secretFile != null
                        ? Files.readString(secretFile, StandardCharsets.UTF_8).strip()
                        : System.getenv(SECRET_ENV);
        if (secret == null || secret.isEmpty()) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "no secret: set " + SECRET_ENV + " or pass --secret-file");
        }
        ServerSignature signature;
        try {
            signature = new ServerSignature(secret);
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    spec.commandLine(), "--secret-file: " + e.getMessage());
        }
        PrintWriter out = spec.commandLine().getOut();
        for (String server : servers) {
            out.println(server + " " + signature.serverKeyHex(server));
        }
        out.flush();
        return 0;
    }
}
