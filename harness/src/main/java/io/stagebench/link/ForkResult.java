package io.stagebench.link;

import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.system.MeasuredCode;
import java.util.List;

/**
 * What one fork measured and what it verified about its own measurement; written as
 * {@code fork-N.json} beside the raw stamps {@code fork-N.raw}.
 *
 * @param benchmark          benchmark name
 * @param fork               fork number, from 1
 * @param stages             stage names
 * @param mode               back-to-back or paced
 * @param rateHz             paced rate (0 when back-to-back)
 * @param requestedBinding   binding asked for
 * @param binding            binding in use
 * @param calibration        ticks per ns of this fork
 * @param stepTicks          counter step: the coarser of the back-to-back step and the step fenced intervals come in
 * @param overhead           probe overhead; its minimum is subtracted from every stage delta
 * @param cpuRequested       CPU asked for (-1: none)
 * @param cpuPinned          CPU the measuring thread ran on after pinning (-1: unknown)
 * @param affinity           the measuring thread's affinity as read back
 * @param memoryLocked       whether mlockall succeeded
 * @param warmupMessages     messages run in warm-up
 * @param measuredMessages   messages recorded
 * @param droppedMessages    messages beyond the recording's capacity
 * @param allocatedBytes     bytes the measuring thread allocated during measurement
 * @param gcCount            collections during measurement
 * @param jitCompilations    JIT compilations during measurement (-1: not observable)
 * @param markErrors         messages whose pipeline marks did not match the stage count
 * @param sinkValue          the published sink fold (keeps results alive)
 * @param stallUs            injected stall (0: none)
 * @param stallEvery         stall period in messages
 * @param jvm                java.vm.name + version
 * @param jvmFlags           the fork's JVM input arguments
 * @param rawFile            name of the raw stamps file
 * @param warnings           degradations, printed as {@code *** WARNING:} lines
 * @param measureStartEpochMs wall-clock time the measured loop started (0: not recorded)
 * @param measureEndEpochMs   wall-clock time the measured loop ended (0: not recorded)
 * @param collectors          the fork's garbage collectors, by their MXBean names
 * @param warmupPasses        warm-up passes run (the minimum warm-up, then passes until one compiled nothing)
 * @param replayed            whether warm-up replayed the measured messages (the benchmark declares a reset)
 * @param jitEvents           what the JIT compiled or deoptimised during measurement, by method (the JIT's log)
 * @param unmarkedRawFile     raw stamps of the unmarked pass ({@code fork-N.unmarked.raw}), null when not measured
 * @param threads            a handoff benchmark's threads, feed first (empty for one thread: the measuring
 *                           thread's placement is {@code cpuPinned} and {@code affinity}); {@code rawFile} is then
 *                           the feed's stamps and the strategy's are joined to them by sequence number
 * @param crossCore          the bound on the counter offset between the threads' CPUs, null for one thread
 * @param layout             where the fork's memory lay: its layout seed and what it read back (null in
 *                           results written before layouts were recorded)
 * @param batch              messages per timed interval ({@code --batch K}): each raw delta is the interval of
 *                           {@code batch} consecutive messages; 1 (and absent) for one interval a message
 * @param preparationRawFile raw stamps of a batched run's preparation pass ({@code fork-N.preparation.raw}), the
 *                           same batches through the benchmark's untimed part alone; null when not measured
 * @param warningCodes       what kind each of {@code warnings} is, one a warning ({@link ForkWarning}); read from
 *                           their wording in results written before codes were recorded
 * @param tags               the tag names the benchmark declares, in index order: the raw stamps' tag {@code 1 + i}
 *                           is {@code tags[i]} (empty, and absent, for a benchmark that declares none)
 * @param warmupStageRuns    per stage, the messages it ran for before the kept measured pass (warm-up by each stage's
 *                           own count); empty when not counted: batched, a handoff, paced, no warm-up, or an older build
 * @param readStepTicks      the step between back-to-back raw reads, which {@code stepTicks} may exceed; 0 in results
 *                           written before it was recorded
 * @param replicas           the fork's replicas, in order ({@link Replica}); the fields above then total them (messages,
 *                           allocations, collections, compilations) or span them (the measured epochs), and the files
 *                           above are replica 1's. Empty in results written before replicas existed: one replica
 * @param measuredCode       whether the code each replica's kept pass started in was C2's, from the compile log
 *                           ({@link MeasuredCode}); null in results written before it was checked
 * @param linkVersion        the {@link LinkVersion} the fork's build wrote it at; {@link LinkVersion#UNVERSIONED} in
 *                           results written before versions
 */
public record ForkResult(String benchmark, int fork, List<String> stages, Mode mode, double rateHz,
                         ClockBinding requestedBinding, ClockBinding binding, Calibration calibration, long stepTicks,
                         ProbeOverhead overhead, int cpuRequested, int cpuPinned, String affinity, boolean memoryLocked,
                         long warmupMessages, long measuredMessages, long droppedMessages, long allocatedBytes,
                         long gcCount, long jitCompilations, long markErrors, long sinkValue, long stallUs,
                         long stallEvery, String jvm, List<String> jvmFlags, String rawFile,
                         List<String> warnings, long measureStartEpochMs,
                         long measureEndEpochMs, List<String> collectors, int warmupPasses, boolean replayed,
                         List<String> jitEvents, String unmarkedRawFile, List<ThreadPlacement> threads,
                         CrossCoreOffset crossCore, ForkLayout layout, int batch, String preparationRawFile,
                         List<ForkWarning> warningCodes, List<String> tags, List<Long> warmupStageRuns,
                         long readStepTicks, List<Replica> replicas, MeasuredCode measuredCode, int linkVersion) {

    public ForkResult {
        warmupStageRuns = warmupStageRuns == null ? List.of() : List.copyOf(warmupStageRuns);
        tags = tags == null ? List.of() : List.copyOf(tags);
        batch = Math.max(1, batch);
        stages = List.copyOf(stages);
        jvmFlags = List.copyOf(jvmFlags);
        warnings = List.copyOf(warnings);
        warningCodes = warningCodes == null || warningCodes.size() != warnings.size()
                ? warnings.stream().map(ForkWarning::legacyOf).toList() : List.copyOf(warningCodes);
        // absent in results written before these fields existed
        collectors = collectors == null ? List.of() : List.copyOf(collectors);
        jitEvents = jitEvents == null ? List.of() : List.copyOf(jitEvents);
        threads = threads == null ? List.of() : List.copyOf(threads);
        replicas = replicas == null ? List.of() : List.copyOf(replicas);
        linkVersion = LinkVersion.of(linkVersion);
    }

    /** @return how many replicas the fork measured: 1 for a result written before replicas existed */
    public int replicaCount() {
        return Math.max(1, replicas.size());
    }

    /** @return every raw file of the fork, each replica's: stamps, unmarked and preparation passes, a handoff's threads */
    public List<String> rawFiles() {
        List<String> files = new java.util.ArrayList<>();
        for (int r = 1; r <= replicaCount(); r++) {
            ForkResult replica = ofReplica(r);
            java.util.stream.Stream.concat(java.util.stream.Stream.of(replica.rawFile(), replica.unmarkedRawFile(),
                    replica.preparationRawFile()), replica.threads().stream().map(ThreadPlacement::rawFile))
                    .filter(java.util.Objects::nonNull).distinct().forEach(files::add);
        }
        return files;
    }

    /**
     * @param replica from 1 to {@link #replicaCount()}
     * @return this result naming replica {@code replica}'s raw files ({@link ForkFiles#replica}) in place of replica 1's
     */
    public ForkResult ofReplica(int replica) {
        if (replica == 1) {
            return this;
        }
        List<ThreadPlacement> placed = threads.stream().map(t -> new ThreadPlacement(t.name(), t.stages(), t.cpuRequested(),
                t.cpuPinned(), t.affinity(), t.allocatedBytes(), ForkFiles.replica(t.rawFile(), replica))).toList();
        return new ForkResult(benchmark, fork, stages, mode, rateHz, requestedBinding, binding, calibration, stepTicks,
                overhead, cpuRequested, cpuPinned, affinity, memoryLocked, warmupMessages, measuredMessages,
                droppedMessages, allocatedBytes, gcCount, jitCompilations, markErrors, sinkValue, stallUs, stallEvery, jvm,
                jvmFlags, ForkFiles.replica(rawFile, replica), warnings, measureStartEpochMs, measureEndEpochMs, collectors,
                warmupPasses, replayed, jitEvents, ForkFiles.replica(unmarkedRawFile, replica), placed, crossCore, layout,
                batch, ForkFiles.replica(preparationRawFile, replica), warningCodes, tags, warmupStageRuns, readStepTicks,
                replicas, measuredCode, linkVersion);
    }

    /** @return whether the fork ran a handoff benchmark on two threads */
    public boolean handoff() {
        return !threads.isEmpty();
    }
}
