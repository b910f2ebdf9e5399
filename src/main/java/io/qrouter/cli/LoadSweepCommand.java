package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "load-sweep", mixinStandardHelpOptions = true, description = "Every policy from rho 0.5 to 0.99.")
final class LoadSweepCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter experiment load-sweep arrives with issue 3.");
    }
}
