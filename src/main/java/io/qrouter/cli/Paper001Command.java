package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "paper-001", mixinStandardHelpOptions = true, description = "Seed 001: mean-variance GA against DGA and FCFS.")
final class Paper001Command implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter experiment paper-001 arrives with issue 4.");
    }
}
