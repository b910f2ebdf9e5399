package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "paper-002", mixinStandardHelpOptions = true, description = "Seed 002: DSRS drift-plus-penalty against random and the LP optimum.")
final class Paper002Command implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter experiment paper-002 arrives with issue 4.");
    }
}
