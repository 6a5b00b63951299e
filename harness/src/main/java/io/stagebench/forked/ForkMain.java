package io.stagebench.forked;

import io.stagebench.api.DeclarationException;
import io.stagebench.io.IoProblems;
import io.stagebench.json.RecordJson;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.ProgressChannel;
import io.stagebench.link.ProgressEvent;
import io.stagebench.link.Turns;
import io.stagebench.process.LauncherWatch;
import io.stagebench.registry.BenchmarkClassLoader;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.registry.ParamSweep;
import java.io.FileOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.lang.management.ManagementFactory;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Locale;
import java.util.Optional;

/**
 * Entry point of a measuring fork: {@code ForkMain SPEC.json}. Exit 0 after writing {@code fork-N.json} and
 * {@code fork-N.raw}; exit 1 with the reason on stderr otherwise; exit {@value LauncherWatch#EXIT_LAUNCHER_GONE} within
 * about {@value LauncherWatch#POLL_MS} ms of its launcher's death ({@link LauncherWatch}).
 */
public final class ForkMain {

    /**
     * Whether this JVM is a fork of its own (started through {@link #main}), not a test's or a launcher's JVM running a
     * fork in process: only a fork of its own loads a profiler the measurement did not ask for.
     */
    private static volatile boolean ownJvm;

    private ForkMain() {}

    /** @return whether this JVM is a fork started through {@link #main} */
    static boolean ownJvm() {
        return ownJvm;
    }

    public static void main(String[] args) {
        ownJvm = true;
        if (args.length != 1) {
            System.err.println("usage: ForkMain SPEC.json");
            System.exit(2);
        }
        // first, while this thread still runs on the service CPUs: the watch thread stays there
        LauncherWatch.start();
        ForkSpec spec;
        PrintStream progress;
        try {
            // the streaming reader, not data binding, and the record made by its constructor, not by reflection:
            // each saves part of a fresh fork's start (RecordJson)
            spec = RecordJson.read(Path.of(args[0]), ForkSpec.class, ForkSpec.CANONICAL);
            // before any benchmark class loads: the benchmark's stdout goes to a log, progress to descriptor 1, framed
            progress = spec.job().progressToken() == null
                    ? System.out
                    : ProgressChannel.open(spec.job().progressToken());
            if (spec.job().progressToken() != null) {
                System.setOut(new PrintStream(
                        new FileOutputStream(Path.of(spec.job().outDir())
                                .resolve(spec.stdoutFileName())
                                .toFile()),
                        true,
                        StandardCharsets.UTF_8));
            }
        } catch (Throwable t) {
            System.err.println("[fork] FAILED: " + t);
            t.printStackTrace(System.err);
            System.exit(1);
            return;
        }
        // a fork that takes turns reads them on its stdin (Turns); any other fork reads no input
        System.exit(execute(spec, progress, System.in));
    }

    /**
     * Measures the fork {@code spec} describes and writes its files: what {@link #main} does once the spec is read and
     * the fork's streams are in place. A fork run inside another JVM (a test's launcher) calls it directly, on a thread
     * of its own.
     *
     * @param progress where the fork's progress lines go (framed with the spec's token, when it has one)
     * @param turns where the fork reads its turns when its spec says it takes them ({@link Turns}): its stdin
     * @return the exit code: 0, {@link ForkEntry#EXIT_CANNOT_WRITE} or {@link ForkEntry#EXIT_REFUSED} (their one line
     *     sent to {@code progress} last), or 1 with the reason on stderr
     */
    public static int execute(ForkSpec spec, PrintStream progress, InputStream turns) {
        // a spec of a newer link than this build's may mean what this build would misread: refused before anything
        Optional<String> newer = LinkVersion.refusal("its spec", spec.linkVersion());
        if (newer.isPresent()) {
            return refuse(spec, progress, newer.get());
        }
        String benchmarkClass = null;
        try {
            // a project's benchmarks see of the harness only its API, never its libraries
            ClassLoader loader = spec.job().benchmarkClassPath().isEmpty()
                    ? ForkMain.class.getClassLoader()
                    : BenchmarkClassLoader.of(
                            spec.job().benchmarkClassPath().stream()
                                    .map(Path::of)
                                    .toList(),
                            ForkMain.class.getClassLoader());
            BenchmarkRegistry registry = loader instanceof BenchmarkClassLoader own
                    ? BenchmarkRegistry.load(own, own.benchmarkLists())
                    : BenchmarkRegistry.load();
            // a variant of a parameter sweep (example[every=16]) runs its benchmark with the variant's values
            BenchmarkDescriptor descriptor =
                    registry.get(ParamSweep.baseName(spec.job().benchmark()));
            // a built-in (spin, empty ...) is the harness's own class, whichever entries the project gave
            ClassLoader benchmarks = registry.isBuiltin(descriptor.name()) ? ForkMain.class.getClassLoader() : loader;
            benchmarkClass = descriptor.className();
            // problems on stderr, which the launcher passes through
            new ForkExecution(
                            spec,
                            descriptor,
                            progress,
                            benchmarks,
                            spec.measurement().turns() ? turns : null)
                    .run();
            return 0;
        } catch (FileSystemException e) {
            // a result file it cannot write (a full disk): one line for the launcher, which stops the run
            String why = IoProblems.describe(e);
            ProgressEvent event =
                    new ProgressEvent(ProgressEvent.Phase.CANNOT_WRITE, why, ForkEntry.CANNOT_WRITE + why);
            progress.println(spec.job().progressToken() == null ? event.line() : event.wire());
            progress.flush();
            return ForkEntry.EXIT_CANNOT_WRITE;
        } catch (Throwable t) {
            Optional<String> refused =
                    declarationProblem(t).map(Throwable::getMessage).or(() -> outOfHeap(spec, t));
            if (refused.isPresent()) {
                // the benchmark contradicts its declaration, or does not fit in the heap: one line for the launcher,
                // which stops the run (every other fork would fail the same way)
                return refuse(spec, progress, refused.get());
            }
            failed(spec, progress, t, benchmarkClass);
            return 1;
        }
    }

    /**
     * Says why the fork failed in one progress line - the exception, the benchmark's own frame and where the whole
     * trace is - so the launcher shows it with the fork and says it once for forks that fail alike; the trace goes to a
     * file of the fork's ({@link ForkSpec#traceFileName()}), or to stderr when it cannot be written there.
     */
    private static void failed(ForkSpec spec, PrintStream progress, Throwable t, String benchmarkClass) {
        StringWriter trace = new StringWriter();
        t.printStackTrace(new PrintWriter(trace));
        String where;
        try {
            Path file = Path.of(spec.job().outDir()).resolve(spec.traceFileName());
            Files.writeString(file, trace.toString(), StandardCharsets.UTF_8);
            where = "; the whole trace: " + file;
        } catch (IOException | RuntimeException e) {
            System.err.print(trace);
            where = "";
        }
        String why = "FAILED: " + t
                + benchmarkFrame(t, benchmarkClass)
                        .map(f -> ", in the benchmark at " + f.getClassName() + "." + f.getMethodName() + "("
                                + f.getFileName() + ":" + f.getLineNumber() + ")")
                        .orElse("")
                + where;
        ProgressEvent event = new ProgressEvent(
                ProgressEvent.Phase.OTHER,
                why,
                "[" + spec.job().benchmark() + " fork " + spec.job().fork() + "/"
                        + spec.job().forks() + "] " + why);
        progress.println(spec.job().progressToken() == null ? event.line() : event.wire());
        progress.flush();
    }

    /**
     * @return the first frame of {@code t}, or of its causes, in the benchmark's package: where its own code met the
     *     failure, however deep in a library the trace begins
     */
    static Optional<StackTraceElement> benchmarkFrame(Throwable t, String benchmarkClass) {
        int dot = benchmarkClass == null ? -1 : benchmarkClass.lastIndexOf('.');
        if (dot < 0) {
            return Optional.empty();
        }
        String packagePrefix = benchmarkClass.substring(0, dot + 1);
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            for (StackTraceElement frame : cause.getStackTrace()) {
                if (frame.getClassName().startsWith(packagePrefix)) {
                    return Optional.of(frame);
                }
            }
        }
        return Optional.empty();
    }

    /**
     * @return when {@code t} is or was caused by running out of heap, one line naming the heap, what the fork was asked
     *     to hold and the fix: a stream or stamp arrays larger than the heap fail the same way in every fork
     */
    static Optional<String> outOfHeap(ForkSpec spec, Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            if (cause instanceof OutOfMemoryError oom) {
                long maxMiB = Runtime.getRuntime().maxMemory() >> 20;
                long machineMiB = ManagementFactory.getPlatformMXBean(com.sun.management.OperatingSystemMXBean.class)
                                .getTotalMemorySize()
                        >> 20;
                long suggestedGiB =
                        Math.max(1, Math.min(Math.max(1, machineMiB * 3 / 4 >> 10), (maxMiB * 4 + 1023) >> 10));
                return Optional.of(String.format(
                        Locale.ROOT,
                        "benchmark '%s' ran out of the fork's heap (max %,d MiB;"
                                + " %s) with %,d messages a fork and %,d of warm-up; fix: a larger heap, e.g. --jvm-arg=-Xmx%dg"
                                + " (this machine has %,d MiB), or fewer messages (-n)",
                        spec.job().benchmark(),
                        maxMiB,
                        oom.getMessage() == null ? "OutOfMemoryError" : oom.getMessage(),
                        spec.measurement().measuredMessages(),
                        spec.measurement().warmup().warmupMessages(),
                        suggestedGiB,
                        machineMiB));
            }
        }
        return Optional.empty();
    }

    /**
     * Sends the one line a refused fork ends with ({@link ProgressEvent.Phase#REFUSED}), which the launcher shows and
     * stops the run with: every later fork would be refused alike.
     *
     * @return {@link ForkEntry#EXIT_REFUSED}
     */
    private static int refuse(ForkSpec spec, PrintStream progress, String why) {
        ProgressEvent event = new ProgressEvent(ProgressEvent.Phase.REFUSED, why, why);
        progress.println(spec.job().progressToken() == null ? event.line() : event.wire());
        progress.flush();
        return ForkEntry.EXIT_REFUSED;
    }

    /** @return the declaration problem {@code t} is or was caused by (a setup's reflective call wraps it) */
    private static Optional<DeclarationException> declarationProblem(Throwable t) {
        for (Throwable cause = t; cause != null; cause = cause.getCause()) {
            if (cause instanceof DeclarationException declaration) {
                return Optional.of(declaration);
            }
        }
        return Optional.empty();
    }
}
