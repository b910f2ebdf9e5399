package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "analyze", mixinStandardHelpOptions = true, description = "Queueing metrics of one server.")
final class AnalyzeCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter analyze arrives with issue 2.");
    }
}
