package io.stagebench.cli;

import io.stagebench.system.BuildInfo;
import picocli.CommandLine.IVersionProvider;

/**
 * Reports the build's version and git commit ({@link BuildInfo}) and the JVM it runs on: "stagebench 0.1.0-SNAPSHOT
 * (commit 0542a2f5799a)", or "(unknown commit)" for a build made outside git.
 */
public final class VersionProvider implements IVersionProvider {

    @Override
    public String[] getVersion() {
        BuildInfo build = BuildInfo.current();
        return new String[] {
            "stagebench " + build.version() + " ("
                    + (build.commit().equals(BuildInfo.UNKNOWN_COMMIT) ? build.commit() : "commit " + build.commit())
                    + ")",
            "JVM " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.version")
        };
    }
}
