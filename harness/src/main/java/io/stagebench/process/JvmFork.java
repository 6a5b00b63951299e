package io.stagebench.process;

import io.stagebench.system.CpuList;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.OutputStream;
import java.io.UncheckedIOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.util.ArrayDeque;
import java.util.ArrayList;
import java.util.Deque;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.TimeUnit;
import java.util.function.Consumer;
import java.util.function.UnaryOperator;

/**
 * Runs a main class in a fresh JVM, like JMH's forks: same java, same class path (or another build's, when given), the
 * given JVM flags, and every thread of the child restricted to {@code serviceCpus} (with {@code taskset}, when present)
 * so its JIT and GC threads stay off the measured CPU; the measuring thread then pins itself to the measured CPU.
 *
 * <p>The child's stdout is captured (it carries the fork's result, or its progress): whole, or - when the spec names a
 * reader for it - line by line as it comes, its last {@link #STDOUT_TAIL_LINES} lines kept for the outcome so a failure
 * can show them. Its stderr is passed through, so what a fork says when it fails, or outlives its launcher, is seen. A
 * fork that outlives its timeout is killed and reported as timed out, never waited on forever. A fork never outlives
 * this JVM either: it is registered with {@link LiveForks}, whose shutdown hook kills it, and its command line names
 * this JVM ({@link LauncherWatch#PID_PROPERTY}) so that its main can watch for this JVM's death.
 */
public final class JvmFork {

    /** Native access for the native clock and the affinity calls. */
    public static final String NATIVE_ACCESS_FLAG = "--enable-native-access=ALL-UNNAMED";
    /** Flags every fork gets: the native clock needs native access. */
    public static final List<String> BASE_JVM_FLAGS = List.of(NATIVE_ACCESS_FLAG);

    /** The lines of a fork's stdout an outcome keeps, the last ones. */
    public static final int STDOUT_TAIL_LINES = 20;

    /** Linux signal names by number, for the signals that end a process. */
    private static final String[] SIGNALS = {
        null, "HUP", "INT", "QUIT", "ILL", "TRAP", "ABRT", "BUS", "FPE", "KILL", "USR1", "SEGV", "USR2", "PIPE", "ALRM",
        "TERM", null, null, null, null, null, null, null, null, "XCPU", "XFSZ", null, null, null, null, null, null
    };

    private JvmFork() {}

    /**
     * What to run.
     *
     * @param mainClass fully qualified main class
     * @param args its arguments
     * @param jvmFlags flags after {@link #BASE_JVM_FLAGS}
     * @param serviceCpus CPUs all of the child's threads may use (empty: no restriction)
     * @param timeout kill the fork after this long
     * @param classPath the child's class path, or null for the running JVM's (another build of the project, such as the
     *     other side of an A/B comparison, passes its own)
     * @param stdoutLines reads the child's stdout line by line as it comes, or null to read it whole at the end
     * @param stdin is handed the child's stdin once it has started (a fork that takes turns reads them there), or null
     *     to close it at once: a fork reads no other input
     */
    public record Spec(
            String mainClass,
            List<String> args,
            List<String> jvmFlags,
            CpuList serviceCpus,
            Duration timeout,
            String classPath,
            Consumer<String> stdoutLines,
            Consumer<OutputStream> stdin) {
        public Spec {
            args = List.copyOf(args);
            jvmFlags = List.copyOf(jvmFlags);
        }

        /** A fork that reads no input. */
        public Spec(
                String mainClass,
                List<String> args,
                List<String> jvmFlags,
                CpuList serviceCpus,
                Duration timeout,
                String classPath,
                Consumer<String> stdoutLines) {
            this(mainClass, args, jvmFlags, serviceCpus, timeout, classPath, stdoutLines, null);
        }

        /** A fork whose stdout is read whole. */
        public Spec(
                String mainClass,
                List<String> args,
                List<String> jvmFlags,
                CpuList serviceCpus,
                Duration timeout,
                String classPath) {
            this(mainClass, args, jvmFlags, serviceCpus, timeout, classPath, null);
        }

        /** A fork on the running JVM's class path. */
        public Spec(String mainClass, List<String> args, List<String> jvmFlags, CpuList serviceCpus, Duration timeout) {
            this(mainClass, args, jvmFlags, serviceCpus, timeout, null);
        }
    }

    /**
     * How it ended.
     *
     * @param command the command line that was run
     * @param exitCode the exit code (128 + N when signal N killed it), or -1 when it timed out or could not start
     * @param timedOut true when it was killed at its timeout
     * @param stdout everything it printed on stdout
     * @param elapsedMs wall time
     * @param error why it could not start, or null
     * @param stdoutTail the last lines of its stdout, when the spec read them line by line (else empty)
     */
    public record Exit(
            List<String> command,
            int exitCode,
            boolean timedOut,
            String stdout,
            long elapsedMs,
            String error,
            List<String> stdoutTail) {
        public Exit {
            stdoutTail = List.copyOf(stdoutTail);
        }

        /** An outcome whose stdout was read whole. */
        public Exit(List<String> command, int exitCode, boolean timedOut, String stdout, long elapsedMs, String error) {
            this(command, exitCode, timedOut, stdout, elapsedMs, error, List.of());
        }

        /** @return true when the fork exited 0 in time */
        public boolean succeeded() {
            return !timedOut && exitCode == 0 && error == null;
        }

        /** @return one line saying how a failed fork failed */
        public String failure() {
            if (error != null) {
                return "could not start: " + error;
            }
            if (timedOut) {
                return "timed out after " + elapsedMs + " ms and was killed";
            }
            return describeExit(exitCode);
        }
    }

    /**
     * @return "exited with code 1", or for a status above 128 - how a process killed by a signal is reported - "killed
     *     by SIGKILL (exit status 137)"
     */
    public static String describeExit(int exitCode) {
        int signal = exitCode - 128;
        if (signal < 1 || signal >= SIGNALS.length) {
            return "exited with code " + exitCode;
        }
        String name = SIGNALS[signal] != null ? "SIG" + SIGNALS[signal] : "signal " + signal;
        return "killed by " + name + " (exit status " + exitCode + ")";
    }

    /**
     * @return the command line for {@code spec}, with the running JVM's java and (unless the spec names one) class path
     */
    public static List<String> command(Spec spec) {
        List<String> command = new ArrayList<>();
        String taskset = findTaskset();
        if (taskset != null && !spec.serviceCpus().isEmpty()) {
            command.add(taskset);
            command.add("-c");
            command.add(spec.serviceCpus().toString());
        }
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.addAll(BASE_JVM_FLAGS);
        command.add(LauncherWatch.launcherFlag());
        command.addAll(spec.jvmFlags());
        command.add("-cp");
        command.add(spec.classPath() != null ? spec.classPath() : System.getProperty("java.class.path"));
        command.add(spec.mainClass());
        command.addAll(spec.args());
        return command;
    }

    /** Runs the fork to completion or timeout. */
    public static Exit run(Spec spec) {
        return run(
                spec,
                builder -> builder.redirectError(ProcessBuilder.Redirect.INHERIT),
                spec.stdoutLines(),
                spec.stdin());
    }

    /**
     * Runs a helper JVM to completion or timeout, its stdout and stderr both appended to {@code log}: a JVM whose
     * output is nobody's progress (the fork class cache's training run), registered with {@link LiveForks} as a fork
     * is.
     */
    public static Exit runLogged(Spec spec, Path log) {
        return run(
                spec,
                builder -> builder.redirectErrorStream(true)
                        .redirectOutput(ProcessBuilder.Redirect.appendTo(log.toFile())),
                null,
                null);
    }

    /** Starts {@code spec}'s command with its streams set by {@code streams}, registered with {@link LiveForks}. */
    private static Exit run(
            Spec spec,
            UnaryOperator<ProcessBuilder> streams,
            Consumer<String> stdoutLines,
            Consumer<OutputStream> stdin) {
        List<String> command = command(spec);
        long startNs = System.nanoTime();
        LiveForks live = LiveForks.launcher();
        Process process;
        try {
            process = live.start(streams.apply(new ProcessBuilder(command)));
        } catch (IOException e) {
            return new Exit(command, -1, false, "", 0, e.getMessage());
        }
        try {
            return await(process, command, spec.timeout(), startNs, stdoutLines, stdin);
        } finally {
            live.ended(process);
        }
    }

    /** What a fork wrote on stdout: all of it, and its last {@link #STDOUT_TAIL_LINES} lines. */
    private record Stdout(String text, List<String> tail) {}

    /** Passes each line to {@code lines} as it comes; returns the text and its last lines. */
    private static Stdout readLines(InputStream in, Consumer<String> lines) {
        StringBuilder text = new StringBuilder();
        Deque<String> tail = new ArrayDeque<>();
        try (BufferedReader reader = new BufferedReader(new InputStreamReader(in, StandardCharsets.UTF_8))) {
            for (String line = reader.readLine(); line != null; line = reader.readLine()) {
                lines.accept(line);
                text.append(line).append('\n');
                if (tail.size() == STDOUT_TAIL_LINES) {
                    tail.removeFirst();
                }
                tail.addLast(line);
            }
        } catch (IOException e) {
            tail.addLast("(stdout unreadable: " + e.getMessage() + ")");
        }
        return new Stdout(text.toString(), List.copyOf(tail));
    }

    private static Exit await(
            Process process,
            List<String> command,
            Duration timeout,
            long startNs,
            Consumer<String> stdoutLines,
            Consumer<OutputStream> stdin) {
        if (stdin != null) {
            stdin.accept(process.getOutputStream());
        } else {
            try {
                process.getOutputStream().close(); // a fork reads no input
            } catch (IOException e) {
                // nothing to close
            }
        }
        // a thread of its own, not the common pool's: with one or two CPUs that pool has a single worker, and the
        // reader
        // of a second fork alive at the same time (an A/B pair taking turns) would queue behind the first one's for
        // good
        CompletableFuture<Stdout> stdout = CompletableFuture.supplyAsync(
                () -> stdoutLines == null
                        ? new Stdout(readAll(process.getInputStream()), List.of())
                        : readLines(process.getInputStream(), stdoutLines),
                reader -> Thread.ofPlatform()
                        .daemon()
                        .name("fork stdout " + process.pid())
                        .start(reader));
        Stdout none = new Stdout("", List.of());
        try {
            boolean finished = process.waitFor(timeout.toMillis(), TimeUnit.MILLISECONDS);
            long elapsedMs = (System.nanoTime() - startNs) / 1_000_000;
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                process.waitFor(10, TimeUnit.SECONDS);
                Stdout partial = stdout.getNow(none);
                return new Exit(command, -1, true, partial.text(), elapsedMs, null, partial.tail());
            }
            Stdout all = stdout.join();
            return new Exit(command, process.exitValue(), false, all.text(), elapsedMs, null, all.tail());
        } catch (InterruptedException e) {
            process.destroyForcibly();
            Thread.currentThread().interrupt();
            return new Exit(command, -1, false, "", (System.nanoTime() - startNs) / 1_000_000, "interrupted");
        }
    }

    private static String readAll(InputStream in) {
        try (in) {
            return new String(in.readAllBytes(), StandardCharsets.UTF_8);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private static String findTaskset() {
        for (String dir : List.of("/usr/bin", "/bin", "/usr/local/bin")) {
            Path candidate = Path.of(dir, "taskset");
            if (Files.isExecutable(candidate)) {
                return candidate.toString();
            }
        }
        return null;
    }
}
