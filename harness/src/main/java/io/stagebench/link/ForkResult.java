package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;
import java.util.stream.Stream;

/**
 * What one fork measured and what it verified about its own measurement; written as {@code fork-N.json} beside the raw
 * stamps {@code fork-N.raw}. Its parts are written among its fields ({@link JsonUnwrapped}), so the file is one flat
 * object, as it was before the parts existed: a reader of any build finds each field by its name.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param run what the fork ran, and in which JVM
 * @param ruler the clock, counter step and probe overhead it measured with
 * @param placement where its measuring ran and its memory lay
 * @param measurement what it measured: warm-up, messages, replicas, raw files
 * @param checks what it verified of its measurement (allocations, collections, compilations, the measured code) and the
 *     warnings it raised
 * @param linkVersion the {@link LinkVersion} the fork's build wrote it at
 */
public record ForkResult(
        @JsonUnwrapped ForkRun run,
        @JsonUnwrapped ForkRuler ruler,
        @JsonUnwrapped ForkPlacement placement,
        @JsonUnwrapped ForkMeasurement measurement,
        @JsonUnwrapped ForkChecks checks,
        int linkVersion) {

    public ForkResult {
        linkVersion = LinkVersion.of(linkVersion);
    }

    /** @return how many replicas the fork measured */
    public int replicaCount() {
        return measurement.replicaCount();
    }

    /**
     * @return every raw file of the fork, each replica's: stamps, unmarked and preparation passes, a handoff's threads
     */
    public List<String> rawFiles() {
        List<String> files = new ArrayList<>();
        for (int r = 1; r <= replicaCount(); r++) {
            ForkResult replica = ofReplica(r);
            Stream.concat(
                            Stream.of(
                                    replica.measurement.rawFile(),
                                    replica.measurement.unmarkedRawFile(),
                                    replica.measurement.preparationRawFile()),
                            replica.placement.threads().stream().map(ThreadPlacement::rawFile))
                    .filter(Objects::nonNull)
                    .distinct()
                    .forEach(files::add);
        }
        return files;
    }

    /**
     * @param replica from 1 to {@link #replicaCount()}
     * @return this result naming replica {@code replica}'s raw files ({@link ForkFiles#replica}) in place of replica
     *     1's
     */
    public ForkResult ofReplica(int replica) {
        if (replica == 1) {
            return this;
        }
        return new ForkResult(
                run, ruler, placement.ofReplica(replica), measurement.ofReplica(replica), checks, linkVersion);
    }

    /** @return whether the fork ran a handoff benchmark on two threads */
    public boolean handoff() {
        return !placement.threads().isEmpty();
    }
}
