package io.stagebench.forked;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Operation;
import io.stagebench.api.Preparation;
import io.stagebench.clock.CoreLoop;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.Mode;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.link.Replica;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.system.CpuList;
import io.stagebench.system.JitActivity;
import io.stagebench.system.JitEvents;
import io.stagebench.system.MeasuredCode;
import java.io.IOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * One replica of a fork, in order: a fresh instance and setup, warm-up ({@link ReplicaWarmup}), the kept measured pass
 * ({@link KeptPass}), its checks ({@link PassChecks}) and teardown, and its raw stamps written. The fork's replicas
 * share the compiled code, the fork's warm-up and the loop that times the core's share ({@link CoreLoop}), which this
 * class keeps from one replica to the next.
 */
final class ReplicaExecution {

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
     * Which setup a run is.
     *
     * @param replica its number, {@link #WARMUP_SETUP} for the fork's warm-up setup
     * @param kept whether it is measured: any but the fork's warm-up setup
     * @param first whether this setup runs the fork's whole warm-up
     * @param of what its lines say after their text, e.g. {@code " (replica r/n)"}
     */
    private record Role(int replica, boolean kept, boolean first, String of) {}

    private final ForkSpec spec;
    private final PassProfiler profiler;
    private final ForkSpec.Measurement plan;
    private final ForkSpec.Job job;
    private final BenchmarkDescriptor descriptor;
    private final ClassLoader benchmarks;
    private final Ruler ruler;
    private final JitEvents jitEvents;
    private final Warnings warnings;
    private final ForkProgress progress;
    private final ForkTurns turns;
    private final PassChecks checks;
    private final ReplicaWarmup warmup;
    /** The loop each kept replica times the core's share of issue slots with, compiled after the fork's warm-up. */
    private final CoreLoop coreShare = new CoreLoop();

    /** @param benchmarks the loader of the benchmark's classes */
    ReplicaExecution(
            ForkSpec spec,
            BenchmarkDescriptor descriptor,
            ClassLoader benchmarks,
            Ruler ruler,
            JitEvents jitEvents,
            Warnings warnings,
            ForkProgress progress,
            ForkTurns turns,
            PassProfiler profiler) {
        this.spec = spec;
        this.profiler = profiler;
        this.plan = spec.measurement();
        this.job = spec.job();
        this.descriptor = descriptor;
        this.benchmarks = benchmarks;
        this.ruler = ruler;
        this.jitEvents = jitEvents;
        this.warnings = warnings;
        this.progress = progress;
        this.turns = turns;
        this.checks = new PassChecks(plan, warnings, jitEvents);
        this.warmup = new ReplicaWarmup(plan.warmup(), progress);
    }

    /**
     * Runs replica {@code replica}. The fork's warm-up setup ({@link #WARMUP_SETUP}) runs the fork's whole warm-up (and
     * the stages' own) and is thrown away; a replica after it a single pass over its new data, the compiled code being
     * the JVM's already, and a pass the JIT changed is still replayed. Replica 1 of a fork told not to warm up has no
     * warm-up setup before it, and runs the fork's (empty) warm-up itself.
     */
    ReplicaRun run(int replica) throws Exception {
        long beginNs = System.nanoTime();
        Role role = role(replica);
        BenchmarkParams params = new BenchmarkParams(
                job.benchmark(),
                job.fork(),
                plan.warmup().knownMessages(),
                plan.measuredMessages(),
                descriptor.paramsWithDefaults(job.params()),
                ForkLayout.offsetBytes(spec.placement().layoutSeed()),
                descriptor.tags());
        Object instance = setUpInstance(role, params);
        long setupMs = (System.nanoTime() - beginNs) / 1_000_000;
        // whether another guest shares the core at this moment (CoreLoop): before the warm-up pass, never between it
        // and the measured one, and again after that; not around a pass measured cold on purpose (-w 0), which follows
        // its setup directly
        double coreLoopNs = role.kept() && !plan.warmup().none() ? coreShare.iterationNs() : 0;

        try (ForkBody body = instance instanceof HandoffOperation handoff
                ? new HandoffBody(
                        spec, descriptor, handoff, params, ruler, warnings, text -> progress.say(Phase.THREADS, text))
                : new OperationBody(spec, descriptor, (Operation) instance, params, ruler, warnings)) {
            body.start();
            ReplicaWarmup.WarmedUp warm = warmup.warmUp(body, role.first(), role.kept(), role.of());
            body.afterWarmup();
            // the walk's own code compiled now, not in the first measured pass; after warm-up, so the benchmark's code
            // sits in the code cache where it did before (primed before the ruler, a stage read faster: a layout's
            // effect, not the code's; docs/decisions.md, "Code cache placement")
            if (role.first() && Chunks.prime() == Long.MIN_VALUE) {
                Thread.onSpinWait();
            }
            KeptPass pass = keptPass(body, warm, role.first());
            boolean measureTurn = measure(body, pass, warm, role);
            body.afterMeasurement();
            if (coreLoopNs > 0) {
                // and right after the kept pass: a spell that began during the warm-up or the pass reads here (in a
                // measure turn, one short loop more between this side's measured pass and the other side's)
                coreLoopNs = Math.max(coreLoopNs, coreShare.iterationNs());
            }
            pass.sayDiscarded(role.of());
            long sinkValue = body.sinkValue();
            PassChecks.Checked checked = checks.check(body, pass.bracket(), pass.discarded(), role.kept(), role.of());
            ForkBody.Parts parts = body.parts(warm.messages(), pass.seq(), pass.bracket());
            writeRaw(body, role, measureTurn);
            if (role.kept() && !plan.turns() && checked.allocatedBytes() != 0 && ForkMain.ownJvm()) {
                // where it allocated: one more pass, profiled, after the kept pass's stamps are written (it overwrites
                // them) and before the teardown; never in a fork that takes turns, outside of which it would measure
                AllocationSites.find(body, pass.seq(), checked.allocatedBytes(), plan.profile() == null)
                        .ifPresent(where -> warnings.amendLast(
                                ForkWarning.ALLOCATION,
                                " (where, from more passes profiled by " + where.profiler() + ": " + where.sites()
                                        + ")"));
            }
            tearDown(body, params, role);
            MeasurementBracket bracket = pass.bracket();
            Replica facts = new Replica(
                    replica,
                    parts.warmupMessages(),
                    parts.measuredMessages(),
                    checked.allocatedBytes(),
                    bracket.gcCount(),
                    bracket.jitCompilations(),
                    setupMs,
                    (System.nanoTime() - beginNs) / 1_000_000,
                    bracket.firstStartEpochMs(),
                    bracket.lastEndEpochMs(),
                    bracket.runQueueWaitNs(),
                    bracket.involuntarySwitches(),
                    coreLoopNs,
                    body.coreWindows(ruler.calibration().ticksPerNs()));
            if (!role.kept()) {
                warmup.ranOnOwnSetup(pass.seq());
            }
            return new ReplicaRun(
                    facts,
                    parts,
                    pass.seq(),
                    checked.markErrors(),
                    sinkValue,
                    pass.passes(),
                    body.replays(),
                    pass.runsBeforeKept(),
                    checked.jitNamed(),
                    measuredLoops(body));
        }
    }

    /** Checks, from the compile log, that each replica's kept pass started in C2's code ({@link PassChecks}). */
    MeasuredCode measuredCode(List<ReplicaRun> replicas) {
        return checks.measuredCode(replicas, warmup.startEpochMs());
    }

    /** @return which setup replica {@code replica} is, and how its lines name it */
    private Role role(int replica) {
        boolean kept = replica != WARMUP_SETUP;
        // whether this setup runs the fork's whole warm-up
        boolean first = !kept || (replica == 1 && plan.warmup().none());
        String of = !kept
                ? " (the warm-up's own, not measured)"
                : plan.replicas() > 1 ? " (replica " + replica + "/" + plan.replicas() + ")" : "";
        return new Role(replica, kept, first, of);
    }

    /**
     * Makes the benchmark's instance and sets it up, then lets the compiles the setup queued drain.
     *
     * @return the instance, set up
     */
    private Object setUpInstance(Role role, BenchmarkParams params) throws Exception {
        // the last allocation before the benchmark's instance: everything it allocates starts the seed's offset on
        ForkLayout.pad(spec.placement().layoutSeed());
        Object instance = descriptor.newInstance(benchmarks);
        progress.say(Phase.SETUP, "setup" + role.of());
        // a thread the setup left on the measuring CPU is warned of by a kept setup's check, which sees it too
        setUpOffMeasuringCpu(instance, params, role.kept());
        // let the compiles the setup queued drain, so warm-up compiles the benchmark, not the setup; under foreground
        // compilation (-Xbatch) the setup got each of its compiles before it went on, and waiting would buy nothing.
        // A compile of a large method can run a long while without the compile count moving, and the setup's hot code
        // (a generator, say) queues compiles ahead of the benchmark's own: a quiet window shorter than a compile reads
        // a busy compiler as idle
        if (!JitActivity.foreground()) {
            new JitActivity().awaitQuiet(JitRetries.QUIET_MS, JitRetries.QUIET_MAX_MS);
        }
        return instance;
    }

    /**
     * Runs the benchmark's setup with this thread's affinity set to the service CPUs, so that a thread it starts
     * inherits those and not the measuring CPU, then pins this thread again; warns of any other thread left allowed on
     * the measuring CPU (one the benchmark pinned there itself).
     *
     * @param checkSharing whether to look for such threads: not after the warm-up's own setup, whose threads a kept
     *     setup's look finds as well (one warning, not one a setup)
     */
    private void setUpOffMeasuringCpu(Object instance, BenchmarkParams params, boolean checkSharing) throws Exception {
        int cpu = spec.placement().cpu();
        Optional<CpuList> offMeasuringCpu = ForkTurns.offMeasuringCpu(cpu, ruler.serviceCpus());
        boolean moved = offMeasuringCpu
                .map(cpus -> Affinity.setCurrentThread(cpus).isEmpty())
                .orElse(false);
        try {
            BenchmarkDescriptor.setup(instance, params, ruler.clock(), ruler.calibration(), ruler.wallClock());
        } finally {
            if (moved) {
                Affinity.pinCurrentThread(cpu)
                        .ifPresent(reason -> warnings.add(
                                ForkWarning.PINNING,
                                "pinning again after setup refused: " + reason + "; measured unpinned"));
            }
        }
        if (offMeasuringCpu.isEmpty() || !checkSharing) {
            return;
        }
        List<String> sharing = Affinity.otherThreadsAllowedOn(cpu);
        if (!sharing.isEmpty()) {
            warnings.add(
                    ForkWarning.OTHER,
                    "thread(s) besides the measuring one may run on measuring CPU " + cpu
                            + ": " + String.join(", ", sharing.subList(0, Math.min(4, sharing.size())))
                            + (sharing.size() > 4 ? " and " + (sharing.size() - 4) + " more" : "")
                            + " (pinned there by the benchmark?); fix: leave a setup's threads on the CPUs they start on");
        }
    }

    /** @return the replica's measured pass, before its first attempt: what decides when a pass may be kept */
    private KeptPass keptPass(ForkBody body, ReplicaWarmup.WarmedUp warm, boolean first) {
        JitRetries retries = new JitRetries(plan.jitRetries());
        StageWarmup stages = new StageWarmup(descriptor.stages(), StageWarmup.jvmTarget());
        // a fork told not to warm up, or paced (whose warm-up passes run at the rate), keeps its own warm-up; a
        // later replica's stages ran in the replicas before it, in the same compiled code
        boolean warmStages = first && warm.passes() > 0 && plan.mode() != Mode.PACED;
        CodeWarmup code = warmStages && CodeWarmup.wanted(jitEvents)
                ? new CodeWarmup(jitEvents, measuredLoops(body), warmup.startEpochMs(), warm.passes())
                : null;
        return new KeptPass(
                body, progress, profiler, retries, warmStages ? stages : null, code, warm.messages(), warm.passes());
    }

    /**
     * Measures the replica's kept pass: in a measure turn of its own when it takes one ({@link ForkTurns}), saying
     * first that measuring starts; then warns of the stages that ran short before it.
     *
     * @return whether the pass was measured in a measure turn
     */
    private boolean measure(ForkBody body, KeptPass pass, ReplicaWarmup.WarmedUp warm, Role role) throws Exception {
        // the warm-up's checks (each stage's runs, the measured code at C2) read a measured pass and then the
        // compile log, a while after the pass: they run on the warm-up setup, in the fork's first setup turn, and
        // a kept pass of a fork that takes turns is measured in a measure turn, right beside the other side's
        boolean measureTurn = role.kept() && turns.takesMeasureTurn(body, warm.passes());
        if (measureTurn) {
            pass.takeMeasureTurn(turns, role.replica(), ruler.serviceCpus());
        }
        // only a kept pass says "measuring": a log's first such line is where the fork's measurement began
        progress.say(
                role.kept() ? Phase.MEASURING : Phase.WARMUP,
                role.kept()
                        ? body.measuringLine(warmup.warmedUp(role.first(), pass.seq())) + role.of()
                        : "checking the warm-up on a pass of " + body.measuredPassMessages() + " messages");
        progress.flush();
        if (role.kept()) {
            ruler.wallClock().beforeMeasuredPass();
        }
        pass.measure();
        if (role.kept()) {
            ruler.wallClock().afterMeasuredPass();
        }
        pass.warnShortStages(warnings);
        return measureTurn;
    }

    /** Runs the benchmark's teardown; after the fork's warm-up setup, compiles the loop that times the core's share. */
    private void tearDown(ForkBody body, BenchmarkParams params, Role role) throws Exception {
        BenchmarkDescriptor.tearDown(body.instance(), params, ruler.clock(), ruler.calibration(), ruler.wallClock());
        if (!role.kept()) {
            // after the fork's warm-up, so that the benchmark's code lies in the code cache where it did before the
            // loop was there (compiled with the ruler, before it, the pipeline's rows moved: docs/decisions.md,
            // "Code cache placement")
            coreShare.compile();
        }
    }

    /** Writes a measured replica's raw stamps, or leaves them to the fork's next turn after a measure turn. */
    private void writeRaw(ForkBody body, Role role, boolean measureTurn) throws IOException {
        // the warm-up setup's stamps are nobody's: the replicas after it are the fork's measurement
        if (role.kept() && measureTurn) {
            // written in this fork's next turn: in this one it would stand between its measured pass and the other
            // side's (writing a pass's raw files takes milliseconds); the body keeps its recordings until then
            turns.writeLater(() -> body.writeRaw(Path.of(job.outDir()), role.replica()));
        } else if (role.kept()) {
            body.writeRaw(Path.of(job.outDir()), role.replica());
        }
    }

    /** @return the loops {@code body} measures with, as the compile log names them ({@code package.Class::name}) */
    private List<String> measuredLoops(ForkBody body) {
        if (body instanceof HandoffBody) {
            String loop = HandoffLoop.class.getName() + "::";
            return List.of(loop + (plan.mode() == Mode.PACED ? "feedPaced" : "feed"), loop + "strategy");
        }
        String loop = MeasureLoop.class.getName() + "::";
        if (plan.batch() > 1) {
            return body.instance() instanceof Preparation
                    ? List.of(loop + "batched", loop + "batchedPreparation")
                    : List.of(loop + "batched");
        }
        return List.of(loop + (plan.mode() == Mode.PACED ? "paced" : "backToBack"));
    }
}
