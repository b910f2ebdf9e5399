package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "paper-000", mixinStandardHelpOptions = true, description = "Seed 000: heartbeat routing against its baselines.")
final class Paper000Command implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter experiment paper-000 arrives with issue 3.");
    }
}
