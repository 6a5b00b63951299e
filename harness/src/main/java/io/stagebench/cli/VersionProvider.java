package io.stagebench.cli;

import picocli.CommandLine.IVersionProvider;

/** Reports the harness version and the JVM it runs on. */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        String version = Main.class.getPackage().getImplementationVersion();
        return new String[] {
            "stagebench " + (version == null ? "development build" : version),
            "JVM " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.version")
        };
    }
}
