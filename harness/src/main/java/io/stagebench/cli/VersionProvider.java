package io.stagebench.cli;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;
import picocli.CommandLine.IVersionProvider;

/**
 * Reports the build's version and git commit, written into the classes by the build
 * ({@code harness/build-version.sh}), and the JVM it runs on: "stagebench 0.1.0-SNAPSHOT
 * (commit 0542a2f1c3d4)". Classes not built by Maven say "unknown commit".
 */
public final class VersionProvider implements IVersionProvider {

    static final String RESOURCE = "/io/stagebench/version.properties";

    @Override
    public String[] getVersion() {
        Properties build = new Properties();
        try (InputStream in = VersionProvider.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // reported as unknown below
        }
        String commit = build.getProperty("commit", "unknown commit");
        return new String[] {
            "stagebench " + build.getProperty("version", "unknown version") + " ("
                    + (commit.equals("unknown commit") ? commit : "commit " + commit) + ")",
            "JVM " + System.getProperty("java.vm.vendor") + " " + System.getProperty("java.vm.version")
        };
    }
}
