package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "simulate", mixinStandardHelpOptions = true, description = "Discrete-event simulation of a routing policy.")
final class SimulateCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter simulate arrives with issue 3.");
    }
}
