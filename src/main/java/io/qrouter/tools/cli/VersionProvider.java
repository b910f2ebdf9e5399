package io.qrouter.tools.cli;

import picocli.CommandLine;

final class VersionProvider implements CommandLine.IVersionProvider {
    @Override
    public String[] getVersion() {
        String v = Main.class.getPackage().getImplementationVersion();
        return new String[] {"qrouter " + (v == null ? "dev" : v)};
    }
}
