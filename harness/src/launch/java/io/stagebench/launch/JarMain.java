package io.stagebench.launch;

import java.io.File;
import java.io.IOException;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.Paths;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;

/**
 * The entry point of a project's runnable jar ({@code java -jar target/benchmarks.jar ...}), compiled
 * for Java 8 so that any java can run it: on a JDK 25 or newer it runs the command line in this JVM;
 * on an older one it finds a JDK 25 the way the {@code stagebench} script does ({@code JAVA_HOME},
 * then {@code /usr/lib/jvm}, {@code /opt}, {@code ~/.jdks} ...) and runs the same class path there, or
 * says in one line what to run (exit 2). Without it, the default java 17 of a machine fails with a raw
 * {@code UnsupportedClassVersionError}.
 */
public final class JarMain {

    /** The Java the harness is compiled for. */
    static final int REQUIRED_MAJOR = 25;
    /** Where JDKs are looked for besides {@code JAVA_HOME}: folders whose sub-folders are JDKs. */
    static final String SEARCH_PROPERTY = "stagebench.jdkSearch";
    private static final String MAIN = "io.stagebench.cli.Main";

    private JarMain() {
    }

    public static void main(String[] args) throws Exception {
        if (major(System.getProperty("java.specification.version")) >= REQUIRED_MAJOR) {
            Class.forName(MAIN).getMethod("main", String[].class).invoke(null, (Object) args);
            return;
        }
        String java = findJava(System.getenv("JAVA_HOME"), System.getProperty(SEARCH_PROPERTY, defaultSearch()));
        if (java == null) {
            System.err.println("stagebench: needs a JDK " + REQUIRED_MAJOR + " or newer; this is Java "
                    + System.getProperty("java.version") + " (" + System.getProperty("java.home") + ") and none was found"
                    + " in JAVA_HOME, /usr/lib/jvm, /opt or ~/.jdks: install one (e.g. 'apt-get install openjdk-25-jdk-headless')"
                    + " or run this jar with a JDK 25's java");
            System.exit(2);
        }
        List<String> command = new ArrayList<String>();
        command.add(java);
        // the options this JVM was started with (-Xmx, -D...) are the command line's, as if it had started on a JDK 25
        command.addAll(ManagementFactory.getRuntimeMXBean().getInputArguments());
        command.add("--enable-native-access=ALL-UNNAMED");
        command.add("-cp");
        command.add(System.getProperty("java.class.path"));
        command.add(JarMain.class.getName());
        command.addAll(Arrays.asList(args));
        final Process process = new ProcessBuilder(command).inheritIO().start();
        // a CI job cancelled (SIGTERM) or Ctrl-C stops the command line too, and with it its forks
        Runtime.getRuntime().addShutdownHook(new Thread(new Runnable() {
            @Override
            public void run() {
                process.destroy();
            }
        }));
        System.exit(process.waitFor());
    }

    private static String defaultSearch() {
        String home = System.getProperty("user.home");
        String[] roots = {"/usr/lib/jvm", "/opt/java", "/opt", "/usr/local", home + "/.jdks", home + "/.sdkman/candidates/java",
            "/Library/Java/JavaVirtualMachines", "C:\\Program Files\\Java", "C:\\Program Files\\Eclipse Adoptium"};
        StringBuilder search = new StringBuilder();
        for (String root : roots) {
            search.append(search.length() == 0 ? "" : File.pathSeparator).append(root);
        }
        return search.toString();
    }

    /**
     * @param javaHome {@code JAVA_HOME}, or null
     * @param search   folders whose sub-folders may be JDKs, {@link File#pathSeparator}-separated
     * @return the {@code bin/java} of the first JDK 25 or newer found ({@code javaHome} first), or null
     */
    static String findJava(String javaHome, String search) {
        List<String> homes = new ArrayList<String>();
        if (javaHome != null && !javaHome.isEmpty()) {
            homes.add(javaHome);
        }
        for (String root : search.split(File.pathSeparator)) {
            File[] children = new File(root).listFiles();
            if (children != null) {
                Arrays.sort(children);
                for (File child : children) {
                    homes.add(child.getPath());
                    homes.add(new File(child, "Contents/Home").getPath());
                }
            }
        }
        for (String home : homes) {
            Path java = Paths.get(home, "bin", File.separatorChar == '\\' ? "java.exe" : "java");
            if (Files.isExecutable(java) && releaseMajor(Paths.get(home, "release")) >= REQUIRED_MAJOR) {
                return java.toString();
            }
        }
        return null;
    }

    /** @return the major Java version a JDK's {@code release} file names ({@code JAVA_VERSION="25.0.3"}), or 0 */
    static int releaseMajor(Path release) {
        try {
            for (String line : Files.readAllLines(release, StandardCharsets.UTF_8)) {
                if (line.startsWith("JAVA_VERSION=")) {
                    return major(line.substring("JAVA_VERSION=".length()).replace("\"", ""));
                }
            }
        } catch (IOException e) {
            return 0;
        }
        return 0;
    }

    /** @return 17 of "17", "17.0.2" and "1.8" as 8; 0 when unreadable */
    static int major(String version) {
        try {
            String[] parts = version.split("[.+-]");
            int first = Integer.parseInt(parts[0]);
            return first == 1 && parts.length > 1 ? Integer.parseInt(parts[1]) : first;
        } catch (RuntimeException e) {
            return 0;
        }
    }
}
