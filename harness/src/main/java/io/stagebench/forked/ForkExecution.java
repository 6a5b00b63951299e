package io.stagebench.forked;

import io.stagebench.io.AtomicFiles;
import io.stagebench.json.RecordJson;
import io.stagebench.link.ForkChecks;
import io.stagebench.link.ForkEntry;
import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkMeasurement;
import io.stagebench.link.ForkPlacement;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkRuler;
import io.stagebench.link.ForkRun;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.link.Turns;
import io.stagebench.process.LauncherWatch;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.JitEvents;
import io.stagebench.system.MeasuredCode;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.function.ToLongFunction;

/**
 * One fork's measurement, in order, for every kind of benchmark: pin → mlockall (best effort) → load clock → calibrate
 * → counter step and probe overhead (the ruler, {@link RulerReading}) → for each replica ({@link ReplicaExecution}):
 * set up the benchmark → preallocate and pre-touch the recording → warm up → measure, retrying passes the JIT changed →
 * verify (allocation, GC, JIT) → tear down → write raw stamps; then what the fork verified, written atomically. What a
 * one-thread and a two-thread benchmark do differently is a {@link ForkBody}; this order is the same for both. The fork
 * never turns ticks into nanoseconds: the launcher does, from the raw stamps, for every fork alike.
 *
 * <p>Progress goes to the progress stream (a fork's stdout, which its launcher reads) between phases, never while
 * measuring ({@link ForkProgress}).
 */
public final class ForkExecution {

    private final PassProfiler profiler;
    private final ForkSpec spec;
    private final ForkSpec.Measurement plan;
    private final ForkSpec.Job job;
    private final BenchmarkDescriptor descriptor;
    private final Warnings warnings = new Warnings();
    private final ClassLoader benchmarks;
    private final ForkProgress progress;
    private final ForkTurns turns;

    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress) {
        this(spec, descriptor, progress, ForkExecution.class.getClassLoader());
    }

    /**
     * @param benchmarks the loader of the benchmark's classes (a project's {@code BenchmarkClassLoader}, or the
     *     harness's)
     */
    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress, ClassLoader benchmarks) {
        this(spec, descriptor, progress, benchmarks, null);
    }

    /**
     * @param turns where the fork reads its turn before each replica ({@link Turns}: the fork's stdin), or null for a
     *     fork that measures its replicas back to back
     */
    public ForkExecution(
            ForkSpec spec,
            BenchmarkDescriptor descriptor,
            PrintStream progress,
            ClassLoader benchmarks,
            InputStream turns) {
        this.benchmarks = benchmarks;
        this.spec = spec;
        this.plan = spec.measurement();
        this.job = spec.job();
        this.descriptor = descriptor;
        this.progress = new ForkProgress(progress, job);
        this.turns = new ForkTurns(turns, spec, warnings, this.progress);
        this.profiler = PassProfiler.of(plan);
    }

    /** Runs the fork and writes its files; returns the summary it wrote. */
    public ForkResult run() throws Exception {
        progress.start();
        // the launcher checked them; a fork started some other way fails here, in one line, before it measures
        job.params()
                .forEach((key, value) ->
                        descriptor.parameter(key).ifPresent(p -> descriptor.checkParams(Map.of(key, value))));
        return run(JitEvents.of(Path.of(job.outDir()).resolve(ForkFiles.jitLog(job.fork()))));
    }

    private ForkResult run(JitEvents jitEvents) throws Exception {
        turns.awaitSetupTurn(1, Optional.empty());
        Ruler ruler = new RulerReading(spec, warnings, progress).read();
        ForkLayout placed =
                ForkLayout.apply(spec.placement().layoutSeed(), spec.placement().addressRandomisation());
        placed.warning().ifPresent(warnings::add);
        // the benchmark's own code, ServiceLoader and the like, finds its classes where the benchmark's are
        Thread.currentThread().setContextClassLoader(benchmarks);
        ReplicaExecution execution = new ReplicaExecution(
                spec, descriptor, benchmarks, ruler, jitEvents, warnings, progress, turns, profiler);
        // the fork's warm-up on a setup of its own, thrown away: one made by interpreted code lies apart from the later
        // ones (WARMUP_SETUP); a fork told not to warm up measures its first setup cold, on purpose
        ReplicaRun warmedOn = plan.warmup().none() ? null : execution.run(ReplicaExecution.WARMUP_SETUP);
        List<ReplicaRun> replicas = new ArrayList<>();
        for (int r = 1; r <= plan.replicas(); r++) {
            if (r > 1) {
                turns.awaitSetupTurn(r, ruler.serviceCpus());
            }
            if (r > 1 || warmedOn != null) {
                // the setup before is garbage now: collected here, not in a measured pass, and in this fork's setup
                // turn rather than between its measured pass and the other side's
                System.gc();
            }
            replicas.add(execution.run(r));
        }
        if (turns.rawPending()) {
            // the fork's end in a turn of its own (the last raw files, the compile log's checks, the result): in the
            // last measure turn it would stand between this side's last measured pass and the other side's
            turns.awaitSetupTurn(plan.replicas() + 1, ruler.serviceCpus());
        }
        List<String> jitNamed =
                replicas.stream().flatMap(r -> r.jitNamed().stream()).distinct().toList();
        MeasuredCode measuredCode = execution.measuredCode(replicas);
        // kept beside the fork's other files only when it named something the measurement met
        if (jitNamed.isEmpty()) {
            jitEvents.delete();
        }
        profiler.finish(Path.of(job.outDir()), job.fork(), warnings);
        stdoutWarning(spec).ifPresent(warnings::add);
        // read after the setups, when the heap is touched
        ForkResult result =
                result(ruler.withLayout(placed.withHugePages()), warmedOn, replicas, jitNamed, measuredCode);
        AtomicFiles.writeString(Path.of(job.outDir()).resolve(spec.resultFileName()), RecordJson.write(result));
        progress.say(Phase.DONE, "done");
        return result;
    }

    /**
     * The fork's result: replica 1's files, the warm-up before it (on the warm-up setup, when there was one, and
     * replica 1's own pass), the replicas' measurements totalled (messages, allocations, collections, compilations,
     * mark errors, passes) and spanned (the measured epochs). Raw ticks only: the launcher turns them into nanoseconds,
     * in one place (its LatencySeries).
     *
     * @param warmedOn the fork's warm-up setup ({@link ReplicaExecution#WARMUP_SETUP}), or null when it had none
     */
    private ForkResult result(
            Ruler ruler,
            ReplicaRun warmedOn,
            List<ReplicaRun> replicas,
            List<String> jitNamed,
            MeasuredCode measuredCode) {
        ReplicaRun first = replicas.get(0);
        ForkBody.Parts parts = first.parts();
        long jit = 0;
        for (ReplicaRun r : replicas) {
            jit = jit < 0 || r.replica().jitCompilations() < 0
                    ? -1
                    : jit + r.replica().jitCompilations();
        }
        long[] runsBeforeKept = warmedOn == null ? first.runsBeforeKept() : warmedOn.runsBeforeKept();
        long warmupMessages = (warmedOn == null ? 0 : warmedOn.messagesRun()) + parts.warmupMessages();
        int passes = (warmedOn == null ? 0 : warmedOn.passes()) + (int) sum(replicas, ReplicaRun::passes);
        ForkRun run = new ForkRun(
                job.benchmark(),
                job.fork(),
                descriptor.stages(),
                descriptor.tags(),
                plan.mode(),
                plan.rateHz(),
                parts.batch(),
                parts.stallUs(),
                parts.stallEvery(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"),
                jvmFlags(),
                ManagementFactory.getGarbageCollectorMXBeans().stream()
                        .map(GarbageCollectorMXBean::getName)
                        .toList());
        ForkRuler measuredWith = new ForkRuler(
                spec.ruler().binding(),
                ruler.loaded().binding(),
                ruler.calibration(),
                ruler.stepTicks(),
                ruler.resolution().readStepTicks(),
                ruler.overhead(),
                ruler.rateCheck(),
                ruler.wallClock().measuredBound().orElse(null));
        ForkPlacement placement = new ForkPlacement(
                spec.placement().cpu(),
                ruler.cpuPinned(),
                ruler.affinity(),
                ruler.memoryLocked(),
                ruler.layout(),
                parts.threads(),
                parts.crossCore());
        ForkMeasurement measurement = new ForkMeasurement(
                warmupMessages,
                passes,
                first.replays(),
                runsBeforeKept == null ? List.of() : StageWarmup.asList(runsBeforeKept),
                sum(replicas, r -> r.parts().measuredMessages()),
                sum(replicas, r -> r.parts().droppedMessages()),
                sum(replicas, ReplicaRun::markErrors),
                replicas.stream().mapToLong(ReplicaRun::sinkValue).reduce(0, (a, b) -> a ^ b),
                first.replica().measureStartEpochMs(),
                replicas.get(replicas.size() - 1).replica().measureEndEpochMs(),
                replicas.stream().map(ReplicaRun::replica).toList(),
                spec.rawFileName(),
                parts.unmarkedRawFile(),
                parts.preparationRawFile());
        ForkChecks checks = new ForkChecks(
                sum(replicas, r -> r.replica().allocatedBytes()),
                sum(replicas, r -> r.replica().gcCount()),
                jit,
                jitNamed,
                measuredCode,
                warnings.texts(),
                warnings.codes());
        return new ForkResult(run, measuredWith, placement, measurement, checks, LinkVersion.CURRENT);
    }

    private static long sum(List<ReplicaRun> replicas, ToLongFunction<ReplicaRun> part) {
        return replicas.stream().mapToLong(part).sum();
    }

    /**
     * @return a warning naming the log when the benchmark wrote to stdout, which a fork keeps in {@code fork-N.out}
     *     ({@code ProgressChannel}), or empty
     */
    static Optional<String> stdoutWarning(ForkSpec spec) {
        if (spec.job().progressToken() == null) {
            return Optional.empty();
        }
        System.out.flush();
        Path log = Path.of(spec.job().outDir()).resolve(spec.stdoutFileName());
        try {
            long bytes = Files.size(log);
            return bytes == 0
                    ? Optional.empty()
                    : Optional.of("the benchmark wrote " + bytes + " bytes to stdout, kept in " + log
                            + " (a fork's stdout is not its progress)");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * @return this JVM's flags, less the launcher's pid, the JIT log's file and the class archive's (they differ from
     *     run to run and say nothing of the measurement)
     */
    static List<String> jvmFlags() {
        String launcher = "-D" + LauncherWatch.PID_PROPERTY + "=";
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(f -> !f.startsWith(launcher)
                        && !f.startsWith(JitEvents.LOG_FLAG_PREFIX)
                        && !f.startsWith(ForkEntry.CLASS_CACHE_FLAG_PREFIX))
                .toList();
    }

    /**
     * @param vmInfo the JVM's {@code java.vm.info} ("mixed mode, sharing" when it mapped a class archive)
     * @return a warning when this fork was given a class archive ({@link ForkEntry#CLASS_CACHE_FLAG_PREFIX}) that its
     *     JVM did not map: it loaded its classes itself, and started slower
     */
    static Optional<String> classCacheWarning(List<String> inputArguments, String vmInfo) {
        return inputArguments.stream()
                .filter(f -> f.startsWith(ForkEntry.CLASS_CACHE_FLAG_PREFIX))
                .findFirst()
                .filter(f -> vmInfo == null || !vmInfo.contains("sharing"))
                .map(f -> "the fork class cache " + f.substring(ForkEntry.CLASS_CACHE_FLAG_PREFIX.length())
                        + " was not mapped (java.vm.info '" + vmInfo + "'): the fork loaded its classes itself; delete"
                        + " the file and the next run trains it again");
    }
}
