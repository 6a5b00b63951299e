package io.stagebench.stages.testing;

import io.stagebench.cli.Main;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Comparator;
import java.util.List;
import java.util.stream.Stream;

/**
 * The one {@code run --quick} of the reference benchmarks the slow tier makes: every reference benchmark in one real
 * fork, run by the command line in this JVM as a user's {@code run --quick} is, off a terminal. Made once, by the first
 * test that asks; what it printed (progress included) and the run it stored are then read by each test that checks such
 * a run - its output, and its forks.
 *
 * @param exitCode the command's exit code
 * @param lines stderr's progress, then everything the command printed, line by line
 * @param runDir the run folder it stored
 */
public record QuickRun(int exitCode, List<String> lines, Path runDir) {

    private static QuickRun made;

    /** @return the quick run, made now when no test has asked before */
    public static synchronized QuickRun get() {
        if (made == null) {
            made = make();
        }
        return made;
    }

    private static QuickRun make() {
        try {
            Path results = Files.createTempDirectory("stagebench-quick-run");
            Runtime.getRuntime().addShutdownHook(new Thread(() -> delete(results)));
            StringWriter said = new StringWriter();
            PrintWriter both = new PrintWriter(said, true);
            ByteArrayOutputStream progress = new ByteArrayOutputStream();
            PrintStream stderr = System.err;
            int code;
            System.setErr(new PrintStream(progress, true, StandardCharsets.UTF_8));
            try {
                code = Main.run(new String[] {"run", "--quick", "--results", results.toString()}, both, both);
            } finally {
                System.setErr(stderr);
            }
            List<String> lines =
                    (progress.toString(StandardCharsets.UTF_8) + said).lines().toList();
            Path runDir;
            try (Stream<Path> found =
                    Files.find(results, 3, (p, a) -> p.getFileName().toString().equals("summary.json"))) {
                runDir = found.map(Path::getParent).findFirst().orElse(null);
            }
            return new QuickRun(code, lines, runDir);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static void delete(Path folder) {
        try (Stream<Path> all = Files.walk(folder)) {
            all.sorted(Comparator.reverseOrder()).forEach(p -> p.toFile().delete());
        } catch (IOException e) {
            // a temporary folder left behind
        }
    }
}
