package io.stagebench.system;

import java.io.IOException;
import java.io.InputStream;
import java.util.Properties;

/**
 * What the build wrote into the harness classes ({@code harness/build-version.sh}): the project version, the git commit
 * built ("unknown commit" outside git, "-dirty" with uncommitted changes) and the JMH version the cross-check
 * benchmarks are built with.
 *
 * @param version e.g. "0.1.0-SNAPSHOT"; "unknown version" for classes not built by Maven
 * @param commit e.g. "0542a2f5799a" or "0542a2f5799a-dirty"; "unknown commit" outside git
 * @param jmhVersion e.g. "1.37"; "unknown" for classes not built by Maven
 */
public record BuildInfo(String version, String commit, String jmhVersion) {

    /** Where the build writes it, on the class path. */
    public static final String RESOURCE = "/io/stagebench/version.properties";

    /** The commit of a build made outside git. */
    public static final String UNKNOWN_COMMIT = "unknown commit";

    /** @return what the build of these classes wrote, with the unknown values for a build that wrote nothing */
    public static BuildInfo current() {
        Properties build = new Properties();
        try (InputStream in = BuildInfo.class.getResourceAsStream(RESOURCE)) {
            if (in != null) {
                build.load(in);
            }
        } catch (IOException e) {
            // unreadable reads as unknown
        }
        return new BuildInfo(
                build.getProperty("version", "unknown version"),
                build.getProperty("commit", UNKNOWN_COMMIT),
                build.getProperty("jmhVersion", "unknown"));
    }
}
