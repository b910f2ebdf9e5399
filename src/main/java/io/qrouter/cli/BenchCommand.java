package io.qrouter.cli;

import picocli.CommandLine.Command;

@Command(name = "bench", mixinStandardHelpOptions = true, description = "Benchmarks of the routing and simulation hot paths.")
final class BenchCommand implements Runnable {
    @Override
    public void run() {
        System.err.println("qrouter bench arrives with issue 3.");
    }
}
