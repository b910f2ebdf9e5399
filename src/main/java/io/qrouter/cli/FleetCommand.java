package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "fleet", mixinStandardHelpOptions = true, description = "Run the simulated server fleet against any Kafka.")
final class FleetCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter fleet arrives with issue 6.");
    }
}
