package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "experiment", mixinStandardHelpOptions = true, description = "Reproduce a paper's evaluation.")
final class ExperimentCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter experiment arrives with issue 3.");
    }
}
