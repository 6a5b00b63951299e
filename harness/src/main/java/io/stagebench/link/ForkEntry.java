package io.stagebench.link;

import java.util.List;

/**
 * How the launcher starts a fork and reads how it ended: the fork's main class, by name (the launcher starts it in a
 * fresh JVM and never calls it), and the exit codes beyond 0 and 1.
 *
 * <p>{@code ab} launches the forks of another commit's build, so the launcher must name the main class that build has:
 * builds before the fork's classes had a package of their own ran {@value #LEGACY_MAIN_CLASS}.
 */
public final class ForkEntry {

    /** The fork's main class: {@code ForkMain SPEC.json}. */
    public static final String MAIN_CLASS = "io.stagebench.forked.ForkMain";
    /** The same main class in builds that predate the {@code forked} package. */
    public static final String LEGACY_MAIN_CLASS = "io.stagebench.runner.ForkMain";
    /** Both, as class-file resources, newest first: an entry holding one of them holds the harness. */
    public static final List<String> MAIN_RESOURCES = List.of(resource(MAIN_CLASS), resource(LEGACY_MAIN_CLASS));
    /**
     * The flag a launcher gives a fork to map its build's class archive (the JDK's AOT cache); the fork leaves it out
     * of the flags it records, since its path says nothing of the measurement, and warns when its JVM could not map it.
     */
    public static final String CLASS_CACHE_FLAG_PREFIX = "-XX:AOTCache=";
    /** Exit code of a fork that could not write a result file; its last progress line says which and why. */
    public static final int EXIT_CANNOT_WRITE = 3;
    /** How that last progress line begins. */
    public static final String CANNOT_WRITE = "cannot write a result: ";
    /**
     * Exit code of a fork that refused its benchmark because the benchmark's code contradicts its declaration (an
     * undeclared tag, say), or because it does not fit in the fork's heap; its last progress line says how, and for the
     * heap which flag fixes it. The launcher stops the run and exits 2 with that line: every other fork would refuse it
     * too.
     */
    public static final int EXIT_REFUSED = 4;

    private ForkEntry() {}

    /** @return the class-file resource of {@code className}, e.g. {@code io/stagebench/forked/ForkMain.class} */
    public static String resource(String className) {
        return className.replace('.', '/') + ".class";
    }

    /** @return the main class whose resource is {@code resource}, one of {@link #MAIN_RESOURCES} */
    public static String mainClassOf(String resource) {
        return resource.substring(0, resource.length() - ".class".length()).replace('/', '.');
    }
}
