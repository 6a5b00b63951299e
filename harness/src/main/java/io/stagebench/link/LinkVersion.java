package io.stagebench.link;

import java.util.Optional;

/**
 * The version of what crosses between a launcher and its forks: the spec the launcher writes, the result the fork
 * writes back. A field added does not raise it (an older reader skips the field; a newer one reads its absence as the
 * default its record's compact constructor gives); a change an older reader would misread does - a field that now means
 * something else, a unit or a layout changed. A fork refuses, in one line, a spec of a version newer than its build
 * reads; a launcher writes each fork's spec at the version of the build the fork runs ({@link #RESOURCE}), and refuses
 * a build newer than itself before any fork starts. Specs and results from before the link had a version read as
 * {@link #UNVERSIONED}.
 */
public final class LinkVersion {

    /** What a spec or result that names no version was written at: every build before versions, one format. */
    public static final int UNVERSIONED = 1;
    /** What this build writes and reads up to. {@link #RESOURCE} says the same to a launcher of another build. */
    public static final int CURRENT = 3;
    /**
     * From this version a fork that takes turns ({@link Turns}) waits for a second turn of each replica before its
     * measured pass: a launcher of an earlier version would not give it, so such a launcher refuses the build.
     */
    public static final int MEASURE_TURNS = 3;
    /**
     * The resource, on a build's class path, that holds its {@link #CURRENT} as text: how a launcher of another build
     * learns it without loading that build's classes; a build without it reads {@link #UNVERSIONED}.
     */
    public static final String RESOURCE = "io/stagebench/link/link-version";

    private LinkVersion() {}

    /** @return the version a spec or result was written at: {@link #UNVERSIONED} when it names none (0) */
    public static int of(int written) {
        return written <= 0 ? UNVERSIONED : written;
    }

    /**
     * @param what what was written, for the line: "its spec", "the build of 1a2b3c4d5e6f"
     * @param written the version it was written at (0: none named)
     * @return why this build cannot read it, in one line; empty when it can
     */
    public static Optional<String> refusal(String what, int written) {
        int version = of(written);
        if (version <= CURRENT) {
            return Optional.empty();
        }
        return Optional.of(what + " speaks link version " + version + ", newer than this build's " + CURRENT
                + ": measure with the newer build on the launcher's side (run stagebench from its checkout)");
    }

    /**
     * @param text the text of a build's {@link #RESOURCE}, or null when the build has none
     * @return the version it names: {@link #UNVERSIONED} for none or text that is no version
     */
    public static int parse(String text) {
        if (text == null) {
            return UNVERSIONED;
        }
        try {
            return of(Integer.parseInt(text.strip()));
        } catch (NumberFormatException e) {
            return UNVERSIONED;
        }
    }
}
