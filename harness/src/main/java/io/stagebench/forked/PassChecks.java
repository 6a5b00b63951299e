package io.stagebench.forked;

import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.system.CompileLog;
import io.stagebench.system.JitEvents;
import io.stagebench.system.MeasuredCode;
import io.stagebench.warning.Warning;
import java.util.List;
import java.util.Locale;
import java.util.Optional;

/**
 * What the fork checks of its kept measured passes, and warns of: the counters read around each pass
 * ({@link MeasurementBracket}: allocation, collections, compilations, run-queue wait), the messages whose marks did not
 * match the stages, and, from the compile log at the fork's end, the code each replica's pass started in. A benchmark
 * that tagged a message with an index it does not declare is refused by its body instead ({@link TagErrors}).
 */
final class PassChecks {

    /**
     * Run-queue wait from which another task's share of the measuring CPU is warned of: above a kernel thread's blip.
     */
    static final long SHARED_CPU_WAIT_NS = 100_000;
    /** ... and the share of the passes' wall time it must also reach: 1 %, as much as the samples above p99. */
    static final double SHARED_CPU_WAIT_SHARE = 0.01;

    /**
     * What the checks read of a kept pass, for the replica's figures.
     *
     * @param jitNamed the methods the JIT compiled during the pass, as the compile log names them
     * @param allocations the measuring threads' allocations during the pass, the measuring thread first
     * @param markErrors messages whose marks did not match the stage count
     */
    record Checked(List<String> jitNamed, List<ForkBody.Allocation> allocations, long markErrors) {

        /** @return the bytes all measuring threads allocated during the pass */
        long allocatedBytes() {
            return allocations.stream().mapToLong(ForkBody.Allocation::bytes).sum();
        }
    }

    private final ForkSpec.Measurement plan;
    private final Warnings warnings;
    private final JitEvents jitEvents;

    PassChecks(ForkSpec.Measurement plan, Warnings warnings, JitEvents jitEvents) {
        this.plan = plan;
        this.warnings = warnings;
        this.jitEvents = jitEvents;
    }

    /**
     * Reads what a replica's kept pass leaves to check and, when the replica is measured, warns of each thing the pass
     * did that a measurement must not. The warm-up setup's pass is not warned of: its replicas' passes measure the same
     * code, and each says so once.
     *
     * @param bracket the kept pass's bracket
     * @param discarded the compile count of each pass discarded before it ({@link JitRetries#discarded})
     * @param kept whether the replica is measured, not the fork's warm-up setup
     * @param of what the warnings say after their text, e.g. {@code " (replica r/n)"}
     */
    Checked check(ForkBody body, MeasurementBracket bracket, List<Long> discarded, boolean kept, String of) {
        List<String> jitNamed =
                bracket.jitCompilations() == 0 ? List.of() : jitEvents.namedWithin(bracket.windowsEpochMs());
        List<ForkBody.Allocation> allocations = body.allocations(bracket);
        long markErrors = body.markErrors();
        if (kept) {
            // the warm-up setup's pass is checked by its replicas': each measures the same code, and says so once
            verify(bracket, allocations, discarded, jitNamed, body.replays(), of);
        }
        if (kept && markErrors > 0) {
            warnings.add(markErrors + " messages" + of + " marked the wrong number of stage boundaries");
        }
        return new Checked(jitNamed, allocations, markErrors);
    }

    /**
     * @return the warning that another task held the measuring CPU during the measured passes: when the measuring
     *     thread waited in the run queue at least {@value #SHARED_CPU_WAIT_NS} ns and 1 % of the passes' time (a kernel
     *     thread's brief turn, tens of µs, is not warned of; 1 % of the time is as much as the slowest 1 % of the
     *     samples could hold); empty otherwise or when the kernel does not say
     */
    static Optional<String> sharedCpuWarning(long waitNs, long switches, long passesMs) {
        if (waitNs < SHARED_CPU_WAIT_NS || waitNs < passesMs * 1e6 * SHARED_CPU_WAIT_SHARE) {
            return Optional.empty();
        }
        return Optional.of(String.format(
                Locale.ROOT,
                "another task ran on the measuring CPU: the measuring thread"
                        + " waited %.2f ms in the run queue (%.1f%% of %,d ms measured, %s involuntary switches)",
                waitNs / 1e6,
                100.0 * waitNs / Math.max(1, passesMs * 1e6),
                passesMs,
                switches < 0 ? "?" : Long.toString(switches)));
    }

    /**
     * Checks, from the compile log, that each replica's kept pass started in C2's code ({@link MeasuredCode}), and
     * warns of code below it when the fork was asked to warm up (one told not to measures cold code on purpose).
     *
     * @param warmupStartEpochMs when the fork's warm-up began: a method C1 compiled since then was reached by the
     *     replayed measured messages
     */
    MeasuredCode measuredCode(List<ReplicaRun> replicas, long warmupStartEpochMs) {
        String[] problem = new String[1];
        Optional<CompileLog> log = jitEvents.compileLog(p -> problem[0] = p);
        if (log.isEmpty()) {
            return MeasuredCode.unchecked(problem[0]);
        }
        MeasuredCode code = MeasuredCode.unchecked("no measured pass");
        for (ReplicaRun r : replicas) {
            code = code.and(MeasuredCode.check(
                    log.get(), r.loops(), warmupStartEpochMs, r.replica().measureStartEpochMs()));
        }
        if (!code.notAtC2().isEmpty() && !plan.warmup().none()) {
            warnings.add(
                    ForkWarning.OTHER,
                    "measured code below C2 when measuring started: "
                            + String.join(
                                    ", ",
                                    code.notAtC2().stream()
                                            .map(MeasuredCode::shortName)
                                            .toList()) + ", so its figures are of code the"
                            + " JIT had not finished; fix: " + Warning.BELOW_C2.fix());
        }
        if (replicas.size() > 1) {
            ReplicaRun first = replicas.get(0);
            ReplicaRun last = replicas.get(replicas.size() - 1);
            List<String> recompiled = MeasuredCode.recompiledBetween(
                    log.get(),
                    first.loops(),
                    first.replica().measureStartEpochMs(),
                    last.replica().measureStartEpochMs());
            if (!recompiled.isEmpty()) {
                warnings.add(
                        ForkWarning.OTHER,
                        "replica 1 measured code the JIT threw away and compiled again before"
                                + " replica " + replicas.size() + ": " + String.join(", ", recompiled)
                                + " (a later setup took"
                                + " a path its first compile had left out), so replica 1's figures are of another compilation"
                                + " than the later replicas'; fix: " + Warning.REPLICA_RECOMPILED.fix());
            }
        }
        return code;
    }

    /** Adds a warning for each thing the kept measured attempt did that a measurement must not. */
    private void verify(
            MeasurementBracket bracket,
            List<ForkBody.Allocation> allocations,
            List<Long> discarded,
            List<String> jitNamed,
            boolean replay,
            String of) {
        if (!bracket.jitQuietBefore()) {
            warnings.add(
                    ForkWarning.JIT,
                    "the JIT compiler was still busy " + JitRetries.QUIET_MAX_MS + " ms after warm-up" + of);
        }
        for (ForkBody.Allocation allocation : allocations) {
            if (allocation.bytes() != 0) {
                warnings.add(
                        ForkWarning.ALLOCATION,
                        "the " + allocation.label() + " thread allocated " + allocation.bytes()
                                + " bytes during measurement" + of);
            }
        }
        sharedCpuWarning(bracket.runQueueWaitNs(), bracket.involuntarySwitches(), bracket.passesMs())
                .ifPresent(w -> warnings.add(ForkWarning.CPU_SHARED, w + of));
        if (bracket.gcCount() != 0) {
            warnings.add(ForkWarning.GC, bracket.gcCount() + " garbage collection(s) during measurement" + of);
        }
        if (bracket.jitCompilations() != 0) {
            warnings.add(
                    ForkWarning.JIT,
                    bracket.jitCompilations()
                            + (bracket.jitExact() ? " JIT compilation(s)" : " ms of JIT compilation")
                            + " during measurement"
                            + of
                            + (discarded.isEmpty()
                                    ? ""
                                    : " (" + discarded.size() + " earlier pass(es) discarded" + " for the same reason)")
                            + (jitNamed.isEmpty()
                                    ? ""
                                    : ": " + String.join("; ", jitNamed.subList(0, Math.min(3, jitNamed.size()))))
                            + (jitEvents.unavailableReason() == null
                                    ? ""
                                    : " (methods not named: " + jitEvents.unavailableReason() + ")")
                            + (replay
                                    ? ""
                                    : " (the benchmark has no @Reset, so warm-up could not replay the measured"
                                            + " messages)"));
        }
    }
}
