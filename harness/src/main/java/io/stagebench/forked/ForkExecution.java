package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import io.stagebench.clock.CoreLoop;
import io.stagebench.clock.CounterResolution;
import io.stagebench.clock.CounterStep;
import io.stagebench.clock.LoadedClock;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.clock.RateCheck;
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
import io.stagebench.link.ForkWarning;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.link.ProgressEvent;
import io.stagebench.link.Replica;
import io.stagebench.link.Turns;
import io.stagebench.link.Warmup;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.ClockLoader;
import io.stagebench.process.LauncherWatch;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.CompileLog;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitActivity;
import io.stagebench.system.JitEvents;
import io.stagebench.system.MeasuredCode;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintStream;
import java.lang.management.GarbageCollectorMXBean;
import java.lang.management.ManagementFactory;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;

/**
 * One fork's measurement, in order, for every kind of benchmark: pin → mlockall (best effort) →
 * load clock → calibrate → counter step and probe overhead (the ruler) → set up the benchmark →
 * preallocate and pre-touch the recording → warm up → measure, retrying passes the JIT changed →
 * verify (allocation, GC, JIT) → tear down → write raw stamps and what the fork verified
 * atomically. What a one-thread and a two-thread benchmark do differently is a {@link ForkBody};
 * this order is the same for both. The fork never turns ticks into nanoseconds: the launcher
 * does, from the raw stamps, for every fork alike.
 *
 * <p>Progress goes to the progress stream (a fork's stdout, which its launcher reads) between
 * phases, never while measuring.
 */
public final class ForkExecution {

    /** Rounds of the counter step's reads before the step is measured: past the compile thresholds of its loops. */
    private static final int WARMUP_STEP_ROUNDS = 5;
    // A compile of a large method can run a long while without the compile count moving, and the
    // setup's hot code (a generator, say) queues compiles ahead of the benchmark's own: a
    // quiet window shorter than a compile reads a busy compiler as idle.

    /**
     * What the fork measured before the benchmark, and where a second measured thread goes.
     *
     * @param serviceCpus the CPUs the launcher left this JVM's other threads, read before pinning
     * @param layout      where the fork's memory lies ({@link ForkLayout})
     */
    record Ruler(LoadedClock loaded, Calibration calibration, RateCheck rateCheck, CounterResolution resolution,
                 ProbeOverhead overhead, int cpuPinned, String affinity, boolean memoryLocked, Optional<CpuList> serviceCpus,
                 ForkLayout layout) {

        Clock clock() {
            return loaded.clock();
        }

        /** @return the step the ruler uses, the coarser of the back-to-back and the interval step */
        long stepTicks() {
            return resolution.stepTicks();
        }

        /** @return this ruler with where the fork's memory lies, known once the benchmark is set up */
        Ruler withLayout(ForkLayout placed) {
            return new Ruler(loaded, calibration, rateCheck, resolution, overhead, cpuPinned, affinity, memoryLocked,
                    serviceCpus, placed);
        }
    }

    private final ForkSpec spec;
    private final ForkSpec.Measurement plan;
    private final ForkSpec.Job job;
    private final BenchmarkDescriptor descriptor;
    private final PrintStream progress;
    private final Warnings warnings = new Warnings();
    private final String tag;
    private final ClassLoader benchmarks;
    /** where the fork's turns come from ({@link Turns}), or null when it takes none */
    private final InputStream turns;
    /** The raw files of the replica before, when its measure turn left them for this fork's next turn; else null. */
    private RawWrite pendingRaw;
    private long startNs;
    /** When the fork's warm-up began: a method C1 compiled since then was reached by the replayed measured messages. */
    private long warmupStartEpochMs;
    /** The messages the fork's warm-up setup ran ({@link #WARMUP_SETUP}), once it has; 0 before, or without one. */
    private long forkWarmupMessages;
    /** The loop each kept replica times the core's share of issue slots with, compiled after the fork's warm-up. */
    private final CoreLoop coreShare = new CoreLoop();

    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress) {
        this(spec, descriptor, progress, ForkExecution.class.getClassLoader());
    }

    /** @param benchmarks the loader of the benchmark's classes (a project's {@code BenchmarkClassLoader}, or the harness's) */
    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress, ClassLoader benchmarks) {
        this(spec, descriptor, progress, benchmarks, null);
    }

    /**
     * @param turns where the fork reads its turn before each replica ({@link Turns}: the fork's stdin), or null for a
     *              fork that measures its replicas back to back
     */
    public ForkExecution(ForkSpec spec, BenchmarkDescriptor descriptor, PrintStream progress, ClassLoader benchmarks,
                         InputStream turns) {
        this.turns = turns;
        this.benchmarks = benchmarks;
        this.spec = spec;
        this.plan = spec.measurement();
        this.job = spec.job();
        this.descriptor = descriptor;
        this.progress = progress;
        this.tag = "[" + job.benchmark() + " fork " + job.fork() + "/" + job.forks() + "] ";
    }

    /** Runs the fork and writes its files; returns the summary it wrote. */
    public ForkResult run() throws Exception {
        startNs = System.nanoTime();
        // the launcher checked them; a fork started some other way fails here, in one line, before it measures
        job.params().forEach((key, value) -> descriptor.parameter(key)
                .ifPresent(p -> descriptor.checkParams(Map.of(key, value))));
        return run(JitEvents.of(Path.of(job.outDir()).resolve(ForkFiles.jitLog(job.fork()))));
    }

    private ForkResult run(JitEvents jitEvents) throws Exception {
        awaitTurn(1, false, Optional.empty());
        Ruler ruler = readRuler();
        ForkLayout placed = ForkLayout.apply(spec.placement().layoutSeed(), spec.placement().addressRandomisation());
        placed.warning().ifPresent(warnings::add);
        // the benchmark's own code, ServiceLoader and the like, finds its classes where the benchmark's are
        Thread.currentThread().setContextClassLoader(benchmarks);
        // the fork's warm-up on a setup of its own, thrown away: one made by interpreted code lies apart from the later
        // ones (WARMUP_SETUP); a fork told not to warm up measures its first setup cold, on purpose
        ReplicaRun warmedOn = plan.warmup().none() ? null : runReplica(WARMUP_SETUP, ruler, jitEvents);
        forkWarmupMessages = warmedOn == null ? 0 : warmedOn.messagesRun();
        List<ReplicaRun> replicas = new ArrayList<>();
        for (int r = 1; r <= plan.replicas(); r++) {
            if (r > 1) {
                awaitTurn(r, false, ruler.serviceCpus());
                writePendingRaw();
            }
            if (r > 1 || warmedOn != null) {
                // the setup before is garbage now: collected here, not in a measured pass, and in this fork's setup
                // turn rather than between its measured pass and the other side's
                System.gc();
            }
            replicas.add(runReplica(r, ruler, jitEvents));
        }
        if (pendingRaw != null) {
            // the fork's end in a turn of its own (the last raw files, the compile log's checks, the result): in the
            // last measure turn it would stand between this side's last measured pass and the other side's
            awaitTurn(plan.replicas() + 1, false, ruler.serviceCpus());
            writePendingRaw();
        }
        List<String> jitNamed = replicas.stream().flatMap(r -> r.jitNamed().stream()).distinct().toList();
        MeasuredCode measuredCode = measuredCode(jitEvents, replicas);
        // kept beside the fork's other files only when it named something the measurement met
        if (jitNamed.isEmpty()) {
            jitEvents.delete();
        }
        stdoutWarning(spec).ifPresent(warnings::add);
        // read after the setups, when the heap is touched
        ForkResult result = result(ruler.withLayout(placed.withHugePages()), warmedOn, replicas, jitNamed, measuredCode);
        AtomicFiles.writeString(Path.of(job.outDir()).resolve(spec.resultFileName()), RecordJson.write(result));
        say(Phase.DONE, "done");
        return result;
    }

    /**
     * What one replica measured, for the fork's result.
     *
     * @param parts          the body's share, of this replica
     * @param messagesRun    the messages it ran, warm-up and every pass
     * @param runsBeforeKept per stage, its runs before the kept pass; null when not counted
     * @param passes         warm-up passes run, discarded passes included
     * @param loops          the measured loops it ran ({@link #measuredLoops})
     */
    private record ReplicaRun(Replica replica, ForkBody.Parts parts, long messagesRun, long markErrors, long sinkValue,
                              int passes, boolean replays, long[] runsBeforeKept, List<String> jitNamed,
                              List<String> loops) {
    }

    /**
     * The number of the fork's warm-up setup: a replica run for the fork's whole warm-up and its checks, then thrown
     * away, never measured (no raw files, no measure turn, no figures). Its setup ran in interpreted code, and what it
     * made lay apart from what a compiled setup makes (the interpreter's garbage between its objects): a rarely run
     * stage, which finds its data out of the caches, read slower in the first replica than in the ones after it; with
     * the warm-up on a setup of its own, the first measured replica reads like the later ones. A collection after every
     * setup instead removed the first replica's excess too, but spread the replicas wider (their data moved to the old
     * generation; docs/decisions.md, "Warm-up setup").
     */
    static final int WARMUP_SETUP = 0;

    /**
     * One replica: a fresh instance and setup, warm-up, the kept measured pass, its checks and teardown, and its raw
     * stamps written. The fork's warm-up setup ({@link #WARMUP_SETUP}) runs the fork's whole warm-up (and the stages'
     * own) and is thrown away; a replica after it a single pass over its new data, the compiled code being the JVM's
     * already, and a pass the JIT changed is still replayed. Replica 1 of a fork told not to warm up has no warm-up
     * setup before it, and runs the fork's (empty) warm-up itself.
     */
    private ReplicaRun runReplica(int replica, Ruler ruler, JitEvents jitEvents) throws Exception {
        long beginNs = System.nanoTime();
        boolean kept = replica != WARMUP_SETUP;
        // whether this setup runs the fork's whole warm-up
        boolean first = !kept || (replica == 1 && plan.warmup().none());
        String of = !kept ? " (the warm-up's own, not measured)"
                : plan.replicas() > 1 ? " (replica " + replica + "/" + plan.replicas() + ")" : "";
        BenchmarkParams params = new BenchmarkParams(job.benchmark(), job.fork(),
                plan.warmup().knownMessages(), plan.measuredMessages(), descriptor.paramsWithDefaults(job.params()),
                ForkLayout.offsetBytes(spec.placement().layoutSeed()), descriptor.tags());
        // the last allocation before the benchmark's instance: everything it allocates starts the seed's offset on
        ForkLayout.pad(spec.placement().layoutSeed());
        Object instance = descriptor.newInstance(benchmarks);
        say(Phase.SETUP, "setup" + of);
        // a thread the setup left on the measuring CPU is warned of by a kept setup's check, which sees it too
        setUp(instance, params, ruler, kept);
        // let the compiles the setup queued drain, so warm-up compiles the benchmark, not the setup; under foreground
        // compilation (-Xbatch) the setup got each of its compiles before it went on, and waiting would buy nothing
        if (!JitActivity.foreground()) {
            new JitActivity().awaitQuiet(JitRetries.QUIET_MS, JitRetries.QUIET_MAX_MS);
        }
        long setupMs = (System.nanoTime() - beginNs) / 1_000_000;
        // whether another guest shares the core at this moment (CoreLoop): before the warm-up pass, never between it
        // and the measured one, and again after that; not around a pass measured cold on purpose (-w 0), which follows
        // its setup directly
        double coreLoopNs = kept && !plan.warmup().none() ? coreShare.iterationNs() : 0;

        try (ForkBody body = instance instanceof HandoffOperation handoff
                ? new HandoffBody(spec, descriptor, handoff, params, ruler, warnings, text -> say(Phase.THREADS, text))
                : new OperationBody(spec, descriptor, (Operation) instance, params, ruler, warnings)) {
            body.start();
            WarmedUp warm;
            if (first) {
                say(Phase.WARMUP, "warm-up " + plan.warmup().describe() + body.warmupNote()
                        + (kept ? "" : ", on a setup of its own (not measured)"));
                warmupStartEpochMs = System.currentTimeMillis();
                warm = warmUp(body, plan.warmup());
            } else {
                say(Phase.WARMUP, "warm-up " + body.measuredPassMessages() + " messages" + of + body.warmupNote());
                warm = warmUp(body, plan.warmup().none() ? Warmup.NONE : Warmup.ofMessages(body.measuredPassMessages()));
            }
            body.afterWarmup();
            // the walk's own code compiled now, not in the first measured pass; after warm-up, so the benchmark's code
            // sits in the code cache where it did before (primed before the ruler, a stage read faster: a layout's
            // effect, not the code's; docs/decisions.md, "Code cache placement")
            if (first && Chunks.prime() == Long.MIN_VALUE) {
                Thread.onSpinWait();
            }
            long seq = warm.messages();
            int passIndex = warm.passes();
            MeasurementBracket bracket;
            JitRetries retries = new JitRetries(plan.jitRetries());
            StageWarmup stages = new StageWarmup(descriptor.stages(), StageWarmup.jvmTarget());
            // a fork told not to warm up, or paced (whose warm-up passes run at the rate), keeps its own warm-up; a
            // later replica's stages ran in the replicas before it, in the same compiled code
            boolean warmStages = first && warm.passes() > 0 && plan.mode() != Mode.PACED;
            int stageDiscards = 0;
            long[] runsBeforeKept = null;
            CodeWarmup code = warmStages && CodeWarmup.wanted(jitEvents)
                    ? new CodeWarmup(jitEvents, measuredLoops(body), warmupStartEpochMs, warm.passes()) : null;
            // the warm-up's checks (each stage's runs, the measured code at C2) read a measured pass and then the
            // compile log, a while after the pass: they run on the warm-up setup, in the fork's first setup turn, and
            // a kept pass of a fork that takes turns is measured in a measure turn, right beside the other side's
            boolean measureTurn = kept && measureTurn(body, warm);
            if (measureTurn) {
                seq = awaitMeasureTurn(body, replica, ruler, seq, passIndex++);
            }
            // only a kept pass says "measuring": a log's first such line is where the fork's measurement began
            say(kept ? Phase.MEASURING : Phase.WARMUP, kept ? body.measuringLine(warmedUp(first, seq)) + of
                    : "checking the warm-up on a pass of " + body.measuredPassMessages() + " messages");
            progress.flush();
            while (true) {
                bracket = retries.nextBracket();
                long before = seq;
                seq = body.measure(bracket, seq, seq > 0);
                long[] runs = warmStages ? body.stageRuns() : null;
                if (runs != null) {
                    stages.measured(runs, body.measuredPassMessages());
                    runsBeforeKept = stages.runsAt(before);
                    long more = stages.passesNeeded(before, body.measuredPassMessages());
                    if (more > 0) {
                        // a stage that ran too few times for the optimising compiler: this pass was warm-up
                        say(Phase.DISCARDED, "measured pass discarded as warm-up: the stages had run "
                                + stages.describe(runsBeforeKept) + " times, fewer than " + String.format(Locale.ROOT, "%,d",
                                stages.target()) + " for the optimising compiler; " + more + " more warm-up pass(es)");
                        stageDiscards++;
                        // a pipeline's warm-up pass runs its messages marked and unmarked: counted by what it ran
                        do {
                            seq = body.warmupPass(body.measuredPassMessages(), seq, passIndex++);
                        } while (stages.passesNeeded(seq, body.measuredPassMessages()) > 0);
                        continue;
                    }
                }
                // a pass the JIT changed while it ran was warm-up, not a measurement
                if (!retries.keep(bracket)) {
                    continue;
                }
                long more = code == null ? 0 : code.passesNeeded(bracket.firstStartEpochMs(), passIndex,
                        bracket.passesMs());
                if (more == 0) {
                    break;
                }
                stageDiscards++;
                if (code.loopBelow()) {
                    // the loop is entered once a chunk: passes of a few slow messages never bring it to C2's calls
                    long entries = CodeWarmup.loopEntries();
                    say(Phase.DISCARDED, "measured pass discarded as warm-up: code below C2 when it started ("
                            + code.describeBelow() + "); the measured loop entered " + entries + " more times, a message"
                            + " each");
                    seq = body.warmupEntries(entries, seq, passIndex++);
                    continue;
                }
                // code the measured messages reach was still C1's when the pass started: it was warm-up
                say(Phase.DISCARDED, "measured pass discarded as warm-up: code below C2 when it started ("
                        + code.describeBelow() + "); " + more + " more warm-up pass(es)");
                for (long p = 0; p < more; p++) {
                    seq = body.warmupPass(body.measuredPassMessages(), seq, passIndex++);
                }
            }
            if (runsBeforeKept != null) {
                stages.shortStages(runsBeforeKept).forEach(w -> warnings.add(ForkWarning.OTHER, w));
            }
            body.afterMeasurement();
            if (coreLoopNs > 0) {
                // and right after the kept pass: a spell that began during the warm-up or the pass reads here (in a
                // measure turn, one short loop more between this side's measured pass and the other side's)
                coreLoopNs = Math.max(coreLoopNs, coreShare.iterationNs());
            }
            List<Long> discarded = retries.discarded();
            if (!discarded.isEmpty()) {
                say(Phase.DISCARDED, discarded.size() + " measured pass(es)" + of + " discarded as warm-up, the JIT compiled"
                        + " during them " + discarded + (bracket.jitCompilations() == 0 ? "; the last pass compiled nothing" : ""));
            }
            long sinkValue = body.sinkValue();
            List<String> jitNamed = bracket.jitCompilations() == 0 ? List.of() : jitEvents.namedWithin(bracket.windowsEpochMs());
            List<ForkBody.Allocation> allocations = body.allocations(bracket);
            long markErrors = body.markErrors();
            if (kept) {
                // the warm-up setup's pass is checked by its replicas': each measures the same code, and says so once
                verify(bracket, allocations, discarded, jitNamed, jitEvents, body.replays(), of);
            }
            if (kept && markErrors > 0) {
                warnings.add(markErrors + " messages" + of + " marked the wrong number of stage boundaries");
            }

            BenchmarkDescriptor.tearDown(body.instance(), params, ruler.clock(), ruler.calibration());
            if (!kept) {
                // after the fork's warm-up, so that the benchmark's code lies in the code cache where it did before the
                // loop was there (compiled with the ruler, before it, the pipeline's rows moved: docs/decisions.md,
                // "Code cache placement")
                coreShare.compile();
            }
            ForkBody.Parts parts = body.parts(warm.messages(), seq, bracket);
            // the warm-up setup's stamps are nobody's: the replicas after it are the fork's measurement
            if (kept && measureTurn) {
                // written in this fork's next turn: in this one it would stand between its measured pass and the other
                // side's (writing a pass's raw files takes milliseconds); the body keeps its recordings until then
                pendingRaw = () -> body.writeRaw(Path.of(job.outDir()), replica);
            } else if (kept) {
                body.writeRaw(Path.of(job.outDir()), replica);
            }
            long allocatedBytes = allocations.stream().mapToLong(ForkBody.Allocation::bytes).sum();
            Replica facts = new Replica(replica, parts.warmupMessages(), parts.measuredMessages(), allocatedBytes,
                    bracket.gcCount(), bracket.jitCompilations(), setupMs, (System.nanoTime() - beginNs) / 1_000_000,
                    bracket.firstStartEpochMs(), bracket.lastEndEpochMs(), bracket.runQueueWaitNs(),
                    bracket.involuntarySwitches(), coreLoopNs);
            return new ReplicaRun(facts, parts, seq, markErrors, sinkValue, passIndex + discarded.size() + stageDiscards,
                    body.replays(), runsBeforeKept, jitNamed, measuredLoops(body));
        }
    }

    /**
     * The fork's result: replica 1's files, the warm-up before it (on the warm-up setup, when there was one, and
     * replica 1's own pass), the replicas' measurements totalled (messages, allocations, collections, compilations,
     * mark errors, passes) and spanned (the measured epochs). Raw ticks only: the launcher turns them into nanoseconds,
     * in one place (its LatencySeries).
     *
     * @param warmedOn the fork's warm-up setup ({@link #WARMUP_SETUP}), or null when it had none
     */
    private ForkResult result(Ruler ruler, ReplicaRun warmedOn, List<ReplicaRun> replicas, List<String> jitNamed,
                              MeasuredCode measuredCode) {
        ReplicaRun first = replicas.get(0);
        ForkBody.Parts parts = first.parts();
        long jit = 0;
        for (ReplicaRun r : replicas) {
            jit = jit < 0 || r.replica().jitCompilations() < 0 ? -1 : jit + r.replica().jitCompilations();
        }
        long[] runsBeforeKept = warmedOn == null ? first.runsBeforeKept() : warmedOn.runsBeforeKept();
        long warmupMessages = (warmedOn == null ? 0 : warmedOn.messagesRun()) + parts.warmupMessages();
        int passes = (warmedOn == null ? 0 : warmedOn.passes()) + (int) sum(replicas, ReplicaRun::passes);
        ForkRun run = new ForkRun(job.benchmark(), job.fork(), descriptor.stages(), descriptor.tags(), plan.mode(),
                plan.rateHz(), parts.batch(), parts.stallUs(), parts.stallEvery(),
                System.getProperty("java.vm.name") + " " + System.getProperty("java.vm.version"), jvmFlags(),
                ManagementFactory.getGarbageCollectorMXBeans().stream().map(GarbageCollectorMXBean::getName).toList());
        ForkRuler measuredWith = new ForkRuler(spec.ruler().binding(), ruler.loaded().binding(), ruler.calibration(),
                ruler.stepTicks(), ruler.resolution().readStepTicks(), ruler.overhead(), ruler.rateCheck());
        ForkPlacement placement = new ForkPlacement(spec.placement().cpu(), ruler.cpuPinned(), ruler.affinity(),
                ruler.memoryLocked(), ruler.layout(), parts.threads(), parts.crossCore());
        ForkMeasurement measurement = new ForkMeasurement(warmupMessages, passes,
                first.replays(), runsBeforeKept == null ? List.of() : StageWarmup.asList(runsBeforeKept),
                sum(replicas, r -> r.parts().measuredMessages()), sum(replicas, r -> r.parts().droppedMessages()),
                sum(replicas, ReplicaRun::markErrors),
                replicas.stream().mapToLong(ReplicaRun::sinkValue).reduce(0, (a, b) -> a ^ b),
                first.replica().measureStartEpochMs(), replicas.get(replicas.size() - 1).replica().measureEndEpochMs(),
                replicas.stream().map(ReplicaRun::replica).toList(), spec.rawFileName(), parts.unmarkedRawFile(),
                parts.preparationRawFile());
        ForkChecks checks = new ForkChecks(sum(replicas, r -> r.replica().allocatedBytes()),
                sum(replicas, r -> r.replica().gcCount()), jit, jitNamed, measuredCode, warnings.texts(), warnings.codes());
        return new ForkResult(run, measuredWith, placement, measurement, checks, LinkVersion.CURRENT);
    }

    /**
     * Checks, from the compile log, that each replica's kept pass started in C2's code ({@link MeasuredCode}), and
     * warns of code below it when the fork was asked to warm up (one told not to measures cold code on purpose).
     */
    private MeasuredCode measuredCode(JitEvents jitEvents, List<ReplicaRun> replicas) {
        String[] problem = new String[1];
        Optional<CompileLog> log = jitEvents.compileLog(p -> problem[0] = p);
        if (log.isEmpty()) {
            return MeasuredCode.unchecked(problem[0]);
        }
        MeasuredCode code = MeasuredCode.unchecked("no measured pass");
        for (ReplicaRun r : replicas) {
            code = code.and(MeasuredCode.check(log.get(), r.loops(), warmupStartEpochMs, r.replica().measureStartEpochMs()));
        }
        if (!code.notAtC2().isEmpty() && !plan.warmup().none()) {
            warnings.add(ForkWarning.OTHER, "measured code below C2 when measuring started: " + String.join(", ",
                    code.notAtC2().stream().map(MeasuredCode::shortName).toList()) + ", so its figures are of code the JIT"
                    + " had not finished; fix: " + Warning.BELOW_C2.fix());
        }
        if (replicas.size() > 1) {
            ReplicaRun first = replicas.get(0);
            ReplicaRun last = replicas.get(replicas.size() - 1);
            List<String> recompiled = MeasuredCode.recompiledBetween(log.get(), first.loops(),
                    first.replica().measureStartEpochMs(), last.replica().measureStartEpochMs());
            if (!recompiled.isEmpty()) {
                warnings.add(ForkWarning.OTHER, "replica 1 measured code the JIT threw away and compiled again before"
                        + " replica " + replicas.size() + ": " + String.join(", ", recompiled) + " (a later setup took a"
                        + " path its first compile had left out), so replica 1's figures are of another compilation than"
                        + " the later replicas'; fix: " + Warning.REPLICA_RECOMPILED.fix());
            }
        }
        return code;
    }

    /**
     * @param first       whether this setup ran the fork's whole warm-up
     * @param setupRunNow the messages this setup ran before its measured pass
     * @return "120000 of warm-up": on a replica's setup after the fork's own warm-up setup, the warm-up setup's and this
     *         setup's, as the run's summary counts the fork's warm-up, not this setup's pass alone
     */
    private String warmedUp(boolean first, long setupRunNow) {
        return (first ? setupRunNow : forkWarmupMessages + setupRunNow) + " of warm-up";
    }

    /** @return the loops {@code body} measures with, as the compile log names them ({@code package.Class::name}) */
    private List<String> measuredLoops(ForkBody body) {
        if (body instanceof HandoffBody) {
            String loop = HandoffLoop.class.getName() + "::";
            return List.of(loop + (plan.mode() == Mode.PACED ? "feedPaced" : "feed"), loop + "strategy");
        }
        String loop = MeasureLoop.class.getName() + "::";
        if (plan.batch() > 1) {
            return body.instance() instanceof Preparation ? List.of(loop + "batched", loop + "batchedPreparation")
                    : List.of(loop + "batched");
        }
        return List.of(loop + (plan.mode() == Mode.PACED ? "paced" : "backToBack"));
    }

    private static long sum(List<ReplicaRun> replicas, java.util.function.ToLongFunction<ReplicaRun> part) {
        return replicas.stream().mapToLong(part).sum();
    }

    /**
     * Runs the benchmark's setup with this thread's affinity set to the service CPUs, so that a thread it starts
     * inherits those and not the measuring CPU, then pins this thread again; warns of any other thread left allowed
     * on the measuring CPU (one the benchmark pinned there itself).
     *
     * @param checkSharing whether to look for such threads: not after the warm-up's own setup, whose threads a kept
     *                     setup's look finds as well (one warning, not one a setup)
     */
    private void setUp(Object instance, BenchmarkParams params, Ruler ruler, boolean checkSharing) throws Exception {
        Optional<CpuList> offMeasuringCpu = offMeasuringCpu(ruler.serviceCpus());
        boolean moved = offMeasuringCpu.map(cpus -> Affinity.setCurrentThread(cpus).isEmpty()).orElse(false);
        try {
            BenchmarkDescriptor.setup(instance, params, ruler.clock(), ruler.calibration());
        } finally {
            if (moved) {
                Affinity.pinCurrentThread(spec.placement().cpu()).ifPresent(reason -> warnings.add(ForkWarning.PINNING,
                        "pinning again after setup refused: " + reason + "; measured unpinned"));
            }
        }
        if (offMeasuringCpu.isEmpty() || !checkSharing) {
            return;
        }
        List<String> sharing = Affinity.otherThreadsAllowedOn(spec.placement().cpu());
        if (!sharing.isEmpty()) {
            warnings.add(ForkWarning.OTHER, "thread(s) besides the measuring one may run on measuring CPU "
                    + spec.placement().cpu()
                    + ": " + String.join(", ", sharing.subList(0, Math.min(4, sharing.size())))
                    + (sharing.size() > 4 ? " and " + (sharing.size() - 4) + " more" : "")
                    + " (pinned there by the benchmark?); fix: leave a setup's threads on the CPUs they start on");
        }
    }

    /**
     * Waits for the turn of the replica's measured pass ({@link Turns}), right beside the other side's, and runs one
     * pass again: the other side's setup ran since this one's warm-up, and the pass brings this replica's data back
     * into the caches.
     *
     * @return the sequence number after that pass
     */
    private long awaitMeasureTurn(ForkBody body, int replica, Ruler ruler, long seq, int passIndex) throws Exception {
        awaitTurn(replica, true, ruler.serviceCpus());
        return body.warmupPass(body.measuredPassMessages(), seq, passIndex);
    }

    /** A replica's raw files, written later. */
    @FunctionalInterface
    private interface RawWrite {
        void write() throws IOException;
    }

    /** Writes the raw files a measure turn left for this one, if any. */
    private void writePendingRaw() throws IOException {
        if (pendingRaw != null) {
            RawWrite write = pendingRaw;
            pendingRaw = null;
            write.write();
        }
    }

    /**
     * @return whether the replica's measured pass takes a turn of its own ({@link Turns}): when the fork takes turns
     *         at a link version that has them, warmed up, in a body of the measuring thread alone (a handoff's threads
     *         would spin through the other side's turn) that is not paced (a paced pass would wait through it)
     */
    private boolean measureTurn(ForkBody body, WarmedUp warm) {
        return turns != null && spec.linkVersion() >= LinkVersion.MEASURE_TURNS && warm.passes() > 0
                && body instanceof OperationBody && plan.mode() != Mode.PACED;
    }

    /**
     * Waits for the turn of replica {@code replica} when the fork takes turns ({@link Turns}), off the measuring CPU,
     * and pins again once it has it; returns at once otherwise. The first turn is awaited before the fork pins at all.
     *
     * @param measure     whether the turn awaited is the one of the replica's measured pass
     * @param serviceCpus where the measuring thread waits (the CPUs the launcher left the fork); empty before pinning
     * @throws IllegalStateException when the launcher withdrew the turns (its stdin ended): the fork stops, unmeasured
     */
    private void awaitTurn(int replica, boolean measure, Optional<CpuList> serviceCpus) throws IOException {
        if (turns == null) {
            return;
        }
        boolean moved = offMeasuringCpu(serviceCpus).map(cpus -> Affinity.setCurrentThread(cpus).isEmpty()).orElse(false);
        say(Phase.AWAITING_TURN, measure ? Turns.awaitingMeasure(replica) : Turns.awaiting(replica));
        progress.flush();
        if (!Turns.await(turns)) {
            throw new IllegalStateException("the launcher withdrew the turns before replica " + replica + " of "
                    + plan.replicas() + (measure ? " measured" : "") + " (its stdin ended): nothing more is measured");
        }
        if (moved) {
            Affinity.pinCurrentThread(spec.placement().cpu()).ifPresent(reason -> warnings.add(ForkWarning.PINNING,
                    "pinning again for replica " + replica + " refused: " + reason + "; measured unpinned"));
        }
    }

    /**
     * @return the service CPUs, where this thread can step off the measuring CPU; empty when no CPU is measured on or
     *         the service CPUs are unknown, none, or include the measuring one
     */
    private Optional<CpuList> offMeasuringCpu(Optional<CpuList> serviceCpus) {
        return spec.placement().cpu() < 0 ? Optional.empty()
                : serviceCpus.filter(cpus -> !cpus.isEmpty() && !cpus.contains(spec.placement().cpu()));
    }

    /** Pins, locks memory, loads the clock and reads the ruler: calibration, counter step, probe overhead. */
    private Ruler readRuler() throws Exception {
        // before pinning: the CPUs the launcher left this JVM's other threads, where a second measured thread goes
        Optional<CpuList> serviceCpus = Affinity.currentThreadAffinity();
        int cpuPinned = pin();
        String affinity = Affinity.currentThreadAffinity().map(CpuList::toString).orElse("unknown");
        boolean memoryLocked = spec.placement().lockMemory() && lockMemory();

        LoadedClock loaded = ClockLoader.load(spec.ruler().binding());
        warnings.addAll(loaded.warnings());
        classCacheWarning(ManagementFactory.getRuntimeMXBean().getInputArguments(), System.getProperty("java.vm.info"))
                .ifPresent(warnings::add);
        Clock clock = loaded.clock();
        new JitActivity().prime();
        say(Phase.CALIBRATING, "calibrating " + loaded.binding() + " clock on CPU " + cpuPinned);
        // the step's reads compiled before they count: an interpreted read takes hundreds of ticks, not the step. The
        // probe overhead needs no such rounds: its own rounds go on until its minimum stops improving (loopOverhead)
        Calibration.Window calibrating = null;
        for (int i = 0; i < WARMUP_STEP_ROUNDS; i++) {
            CounterStep.measureTicks(clock, CounterStep.MIN_PAIRS);
            CounterStep.intervalTicks(clock, CounterStep.DEFAULT_INTERVALS);
            if (calibrating == null) {
                // the calibration's first round spans the rest of the ruler instead of a sleep of its own. Opened once
                // a round has compiled begin() and end(): the first fenced read of a fresh JVM comes late, which reads
                // the counter's rate low (docs/decisions.md, "Calibration")
                calibrating = Calibration.open(clock);
            }
        }
        // the coarser step decides which probe pairs are the interference-free cluster (ProbeOverhead.fromDeltas)
        CounterResolution resolution = CounterResolution.measure(clock, CounterStep.DEFAULT_PAIRS);
        ProbeOverhead overhead = loopOverhead(clock, resolution.stepTicks());
        long intervalMs = spec.ruler().calibrationMs();
        int rounds = spec.ruler().calibrationRounds();
        // an in-process fork after the first of its JVM checks that one's calibration instead of sleeping out its own
        Calibration kept = loaded.binding().isNative() ? KeptCalibration.of(loaded.binding(), intervalMs, rounds)
                .orElse(null) : null;
        RateCheck check = kept == null ? null : calibrating.check(RateCheck.MIN_INTERVAL_MS);
        Calibration calibration;
        if (check != null && check.agrees(kept)) {
            calibration = kept;
        } else {
            check = null;
            calibration = calibrating.close(intervalMs, rounds);
            KeptCalibration.keep(loaded.binding(), intervalMs, rounds, calibration);
        }
        return new Ruler(loaded, calibration, check, resolution, overhead, cpuPinned, affinity, memoryLocked, serviceCpus,
                null);
    }

    /** Run-queue wait from which another task's share of the measuring CPU is warned of: above a kernel thread's blip. */
    static final long SHARED_CPU_WAIT_NS = 100_000;
    /** ... and the share of the passes' wall time it must also reach: 1 %, as much as the samples above p99. */
    static final double SHARED_CPU_WAIT_SHARE = 0.01;

    /**
     * @return the warning that another task held the measuring CPU during the measured passes: when the measuring
     *         thread waited in the run queue at least {@value #SHARED_CPU_WAIT_NS} ns and 1 % of the passes' time
     *         (a kernel thread's brief turn, tens of µs, is not warned of; 1 % of the time is as much as the slowest 1 %
     *         of the samples could hold); empty otherwise or when the kernel does not say
     */
    static Optional<String> sharedCpuWarning(long waitNs, long switches, long passesMs) {
        if (waitNs < SHARED_CPU_WAIT_NS || waitNs < passesMs * 1e6 * SHARED_CPU_WAIT_SHARE) {
            return Optional.empty();
        }
        return Optional.of(String.format(Locale.ROOT, "another task ran on the measuring CPU: the measuring thread waited"
                + " %.2f ms in the run queue (%.1f%% of %,d ms measured, %s involuntary switches)", waitNs / 1e6,
                100.0 * waitNs / Math.max(1, passesMs * 1e6), passesMs, switches < 0 ? "?" : Long.toString(switches)));
    }

    /** Adds a warning for each thing the kept measured attempt did that a measurement must not. */
    private void verify(MeasurementBracket bracket, List<ForkBody.Allocation> allocations, List<Long> discarded,
                        List<String> jitNamed, JitEvents jitEvents, boolean replay, String of) {
        if (!bracket.jitQuietBefore()) {
            warnings.add(ForkWarning.JIT, "the JIT compiler was still busy " + JitRetries.QUIET_MAX_MS + " ms after warm-up" + of);
        }
        for (ForkBody.Allocation allocation : allocations) {
            if (allocation.bytes() != 0) {
                warnings.add(ForkWarning.ALLOCATION, "the " + allocation.label() + " thread allocated " + allocation.bytes()
                        + " bytes during measurement" + of);
            }
        }
        sharedCpuWarning(bracket.runQueueWaitNs(), bracket.involuntarySwitches(), bracket.passesMs())
                .ifPresent(w -> warnings.add(ForkWarning.CPU_SHARED, w + of));
        if (bracket.gcCount() != 0) {
            warnings.add(ForkWarning.GC, bracket.gcCount() + " garbage collection(s) during measurement" + of);
        }
        if (bracket.jitCompilations() != 0) {
            warnings.add(ForkWarning.JIT, bracket.jitCompilations() + (bracket.jitExact() ? " JIT compilation(s)" : " ms of JIT compilation")
                    + " during measurement" + of + (discarded.isEmpty() ? "" : " (" + discarded.size() + " earlier pass(es) discarded"
                    + " for the same reason)") + (jitNamed.isEmpty() ? "" : ": " + String.join("; ", jitNamed.subList(0,
                    Math.min(3, jitNamed.size()))))
                    + (jitEvents.unavailableReason() == null ? "" : " (methods not named: " + jitEvents.unavailableReason() + ")")
                    + (replay ? "" : " (the benchmark has no @Reset, so warm-up could not replay the measured messages)"));
        }
    }

    /**
     * The probe overhead as the measured loop pays it ({@link MeasureLoop#probeOnly}), in
     * rounds until its minimum stops improving, the JIT settling between rounds.
     */
    ProbeOverhead loopOverhead(Clock clock, long stepTicks) {
        int pairs = spec.ruler().overheadPairs();
        Recording rec = new Recording(pairs, 1, false);
        Stamps stamps = rec.stamps(clock);
        JitActivity jit = new JitActivity();
        ProbeOverhead best = null;
        for (int round = 0; round < ProbeOverhead.MAX_SETTLE_ROUNDS; round++) {
            for (int from = 0; from < pairs; from += plan.chunk()) {
                MeasureLoop.probeOnly(clock, stamps, rec, from, Math.min(pairs, from + plan.chunk()));
            }
            ProbeOverhead next = ProbeOverhead.fromDeltas(stageTicks(rec, pairs), stepTicks);
            if (best != null && next.minTicks() >= best.minTicks()) {
                return best.minTicks() == next.minTicks() && next.medianTicks() < best.medianTicks() ? next : best;
            }
            best = next;
            jit.settle();
        }
        return best;
    }

    /**
     * @return the first stage's ticks of the first {@code n} messages; a loop of its own, so that the compile its
     *         hundreds of thousands of turns ask for is this small method's, not an on-stack replacement of its
     *         caller's (under -Xbatch that replacement cost more than the copy and the count together)
     */
    private static long[] stageTicks(Recording rec, int n) {
        long[] ticks = new long[n];
        for (int i = 0; i < n; i++) {
            ticks[i] = rec.stageTicks(0, i);
        }
        return ticks;
    }

    /**
     * @return a warning naming the log when the benchmark wrote to stdout, which a fork keeps in
     *         {@code fork-N.out} ({@code ProgressChannel}), or empty
     */
    static Optional<String> stdoutWarning(ForkSpec spec) {
        if (spec.job().progressToken() == null) {
            return Optional.empty();
        }
        System.out.flush();
        Path log = Path.of(spec.job().outDir()).resolve(spec.stdoutFileName());
        try {
            long bytes = Files.size(log);
            return bytes == 0 ? Optional.empty() : Optional.of("the benchmark wrote " + bytes
                    + " bytes to stdout, kept in " + log + " (a fork's stdout is not its progress)");
        } catch (IOException e) {
            return Optional.empty();
        }
    }

    /**
     * @return this JVM's flags, less the launcher's pid, the JIT log's file and the class archive's (they differ from
     *         run to run and say nothing of the measurement)
     */
    static List<String> jvmFlags() {
        String launcher = "-D" + LauncherWatch.PID_PROPERTY + "=";
        return ManagementFactory.getRuntimeMXBean().getInputArguments().stream()
                .filter(f -> !f.startsWith(launcher) && !f.startsWith(JitEvents.LOG_FLAG_PREFIX)
                        && !f.startsWith(ForkEntry.CLASS_CACHE_FLAG_PREFIX)).toList();
    }

    /**
     * @param vmInfo the JVM's {@code java.vm.info} ("mixed mode, sharing" when it mapped a class archive)
     * @return a warning when this fork was given a class archive ({@link ForkEntry#CLASS_CACHE_FLAG_PREFIX}) that its
     *         JVM did not map: it loaded its classes itself, and started slower
     */
    static Optional<String> classCacheWarning(List<String> inputArguments, String vmInfo) {
        return inputArguments.stream().filter(f -> f.startsWith(ForkEntry.CLASS_CACHE_FLAG_PREFIX)).findFirst()
                .filter(f -> vmInfo == null || !vmInfo.contains("sharing"))
                .map(f -> "the fork class cache " + f.substring(ForkEntry.CLASS_CACHE_FLAG_PREFIX.length())
                        + " was not mapped (java.vm.info '" + vmInfo + "'): the fork loaded its classes itself; delete"
                        + " the file and the next run trains it again");
    }

    /**
     * Sends a progress event: its phase as a code, and its line tagged with the fork and the time since it
     * started; a fork started by hand (no progress token) prints the line alone.
     */
    private void say(Phase phase, String text) {
        ProgressEvent event = new ProgressEvent(phase, text, tag + text + " (+" + (System.nanoTime() - startNs) / 1_000_000
                + " ms)");
        progress.println(job.progressToken() == null ? event.line() : event.wire());
    }

    private int pin() {
        if (spec.placement().cpu() < 0) {
            warnings.add(ForkWarning.PINNING, "measuring thread not pinned (no CPU chosen)");
            return Affinity.currentCpu();
        }
        var refused = Affinity.pinCurrentThread(spec.placement().cpu());
        refused.ifPresent(reason -> warnings.add(ForkWarning.PINNING, "pinning refused: " + reason + "; measured unpinned"));
        return Affinity.currentCpu();
    }

    private boolean lockMemory() {
        var refused = Affinity.lockCurrentMemory();
        refused.ifPresent(reason -> warnings.add(ForkWarning.MEMORY_LOCK, "memory not locked: " + reason));
        return refused.isEmpty();
    }

    /** What the minimum warm-up ran. */
    private record WarmedUp(long messages, int passes) {
    }

    /**
     * The minimum warm-up ({@code -w} messages or time), in passes as long as the measurement
     * (as long as the warm-up, when that is shorter, count-bounded and the benchmark has no reset).
     * A benchmark with a reset is rewound before every pass, so each pass replays exactly the
     * messages the measurement will run; a pipeline's pass runs them marked and then unmarked, as
     * the measurement does. Warm-up goes on in the measurement itself: a measured pass during
     * which the JIT compiled is discarded and replayed.
     */
    private WarmedUp warmUp(ForkBody body, Warmup bound) throws Exception {
        long minNs = bound.time().toNanos();
        long minMessages = bound.warmupMessages();
        if (bound.none()) {
            return new WarmedUp(0, 0);
        }
        long measuredLength = body.measuredPassMessages();
        long passLength = body.replays() || minNs > 0 ? measuredLength
                : Math.max(1, Math.min(measuredLength, minMessages));
        long seq = 0;
        int passCount = 0;
        long begin = System.nanoTime();
        while (minNs > 0 ? System.nanoTime() - begin < minNs : seq < minMessages) {
            seq = body.warmupPass(minNs > 0 ? passLength : Math.min(passLength, minMessages - seq), seq, passCount++);
        }
        return new WarmedUp(seq, passCount);
    }
}
