package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.fail;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.TimeUnit;

/**
 * The command line started as a user starts it: a fresh JVM, with native access, in a folder of the test's choosing
 * (the project it then measures and stores results for), on this build's class path - as {@code java -jar
 * benchmarks.jar} runs it.
 */
final class CommandLineProcess {

    private static final long TIMEOUT_S = 300;

    /**
     * How it ended.
     *
     * @param exitCode its exit code
     * @param out its standard output
     * @param err its standard error
     */
    record Result(int exitCode, String out, String err) {}

    private CommandLineProcess() {}

    /**
     * @return {@code stagebench ARGS} as the {@code ./stagebench} script starts it (its launcher JVM's flags), on this
     *     build's class path
     */
    static List<String> command(String... args) {
        List<String> command = new ArrayList<>(List.of(
                Path.of(System.getProperty("java.home"), "bin", "java").toString(),
                "--enable-native-access=ALL-UNNAMED",
                "-XX:+UseSerialGC",
                "-XX:TieredStopAtLevel=1",
                "-cp",
                System.getProperty("java.class.path"),
                Main.class.getName()));
        command.addAll(List.of(args));
        return command;
    }

    /** Runs {@code stagebench ARGS} in {@code folder}; fails the test when it outlives {@value #TIMEOUT_S} s. */
    static Result run(Path folder, String... args) throws IOException, InterruptedException {
        List<String> command = command(args);
        Path out = Files.createTempFile("stagebench-out", ".txt");
        Path err = Files.createTempFile("stagebench-err", ".txt");
        try {
            Process process = new ProcessBuilder(command)
                    .directory(folder.toFile())
                    .redirectOutput(out.toFile())
                    .redirectError(err.toFile())
                    .start();
            if (!process.waitFor(TIMEOUT_S, TimeUnit.SECONDS)) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                fail("stagebench " + String.join(" ", args) + " did not finish in " + TIMEOUT_S + " s: "
                        + Files.readString(err));
            }
            return new Result(process.exitValue(), Files.readString(out), Files.readString(err));
        } finally {
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
        }
    }
}
