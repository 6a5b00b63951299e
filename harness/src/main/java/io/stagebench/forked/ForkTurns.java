package io.stagebench.forked;

import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.ProgressEvent.Phase;
import io.stagebench.link.Turns;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.system.CpuList;
import java.io.IOException;
import java.io.InputStream;
import java.util.Optional;

/**
 * The fork's side of the turns its launcher hands out ({@link Turns}), when it takes them: each replica's setup in a
 * turn of its own, and its measured pass, where it can, in a measure turn right beside the other side's. What would
 * stand between the two sides' measured passes (a pass's raw files) waits for the fork's next turn. A fork that takes
 * no turns returns from every wait at once.
 */
final class ForkTurns {

    /** A replica's raw files, written later. */
    @FunctionalInterface
    interface RawWrite {
        void write() throws IOException;
    }

    /** where the fork's turns come from (the fork's stdin), or null when it takes none */
    private final InputStream turns;

    private final ForkSpec spec;
    private final Warnings warnings;
    private final ForkProgress progress;
    /** The raw files of the replica before, when its measure turn left them for this fork's next turn; else null. */
    private RawWrite pendingRaw;

    ForkTurns(InputStream turns, ForkSpec spec, Warnings warnings, ForkProgress progress) {
        this.turns = turns;
        this.spec = spec;
        this.warnings = warnings;
        this.progress = progress;
    }

    /**
     * Waits for the setup turn of replica {@code replica} and then writes the raw files the measure turn before left
     * for it, if any.
     *
     * @param serviceCpus where the measuring thread waits (the CPUs the launcher left the fork); empty before pinning
     */
    void awaitSetupTurn(int replica, Optional<CpuList> serviceCpus) throws IOException {
        await(replica, false, serviceCpus);
        writePendingRaw();
    }

    /** @return whether a measure turn left raw files that the fork's next turn writes */
    boolean rawPending() {
        return pendingRaw != null;
    }

    /** Leaves a replica's raw files to the fork's next turn, where they stand beside no measured pass. */
    void writeLater(RawWrite write) {
        pendingRaw = write;
    }

    /**
     * @param warmupPasses the warm-up passes the replica ran
     * @return whether the replica's measured pass takes a turn of its own ({@link Turns}): when the fork takes turns at
     *     a link version that has them, warmed up, in a body of the measuring thread alone (a handoff's threads would
     *     spin through the other side's turn) that is not paced (a paced pass would wait through it)
     */
    boolean takesMeasureTurn(ForkBody body, int warmupPasses) {
        return turns != null
                && spec.linkVersion() >= LinkVersion.MEASURE_TURNS
                && warmupPasses > 0
                && body instanceof OperationBody
                && spec.measurement().mode() != Mode.PACED;
    }

    /**
     * Waits for the turn of the replica's measured pass ({@link Turns}), right beside the other side's, and runs one
     * pass again: the other side's setup ran since this one's warm-up, and the pass brings this replica's data back
     * into the caches.
     *
     * @return the sequence number after that pass
     */
    long awaitMeasureTurn(ForkBody body, int replica, Optional<CpuList> serviceCpus, long seq, int passIndex)
            throws Exception {
        await(replica, true, serviceCpus);
        return body.warmupPass(body.measuredPassMessages(), seq, passIndex);
    }

    /**
     * @param cpu the CPU the fork measures on, negative for none
     * @param serviceCpus the CPUs the launcher left the fork's other threads
     * @return the service CPUs, where this thread can step off the measuring CPU; empty when no CPU is measured on or
     *     the service CPUs are unknown, none, or include the measuring one
     */
    static Optional<CpuList> offMeasuringCpu(int cpu, Optional<CpuList> serviceCpus) {
        return cpu < 0 ? Optional.empty() : serviceCpus.filter(cpus -> !cpus.isEmpty() && !cpus.contains(cpu));
    }

    /**
     * Waits for the turn of replica {@code replica} when the fork takes turns ({@link Turns}), off the measuring CPU,
     * and pins again once it has it; returns at once otherwise. The first turn is awaited before the fork pins at all.
     *
     * @param measure whether the turn awaited is the one of the replica's measured pass
     * @param serviceCpus where the measuring thread waits (the CPUs the launcher left the fork); empty before pinning
     * @throws IllegalStateException when the launcher withdrew the turns (its stdin ended): the fork stops, unmeasured
     */
    private void await(int replica, boolean measure, Optional<CpuList> serviceCpus) throws IOException {
        if (turns == null) {
            return;
        }
        int cpu = spec.placement().cpu();
        boolean moved = offMeasuringCpu(cpu, serviceCpus)
                .map(cpus -> Affinity.setCurrentThread(cpus).isEmpty())
                .orElse(false);
        progress.say(Phase.AWAITING_TURN, measure ? Turns.awaitingMeasure(replica) : Turns.awaiting(replica));
        progress.flush();
        if (!Turns.await(turns)) {
            throw new IllegalStateException("the launcher withdrew the turns before replica " + replica + " of "
                    + spec.measurement().replicas() + (measure ? " measured" : "")
                    + " (its stdin ended): nothing more is measured");
        }
        if (moved) {
            Affinity.pinCurrentThread(cpu)
                    .ifPresent(reason -> warnings.add(
                            ForkWarning.PINNING,
                            "pinning again for replica " + replica + " refused: " + reason + "; measured unpinned"));
        }
    }

    /** Writes the raw files a measure turn left for this one, if any. */
    private void writePendingRaw() throws IOException {
        if (pendingRaw != null) {
            RawWrite write = pendingRaw;
            pendingRaw = null;
            write.write();
        }
    }
}
