package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "run", mixinStandardHelpOptions = true, description = "Run the Flink job in the current environment.")
final class RunCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter run arrives with issue 5.");
    }
}
