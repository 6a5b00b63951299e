package io.stagebench.link;

import java.util.Optional;

/**
 * One progress event of a fork, as it crosses to the launcher: what phase the fork entered, as a code, and the line a
 * person reads. The launcher acts on the phase (it prints the {@link Phase#MEASURING} line in a CI log, and a
 * {@link Phase#CANNOT_WRITE} event stops the run), never on the wording of the line.
 *
 * <p>On the wire (inside a {@link ProgressChannel} frame): {@code PHASE TAB PHASE-TEXT TAB LINE}. A fork of an older
 * build sends the line alone; {@link #parse} then reads its phase from the wording ({@link OlderBuilds#progressEvent}).
 *
 * @param phase the phase the fork entered
 * @param phaseText the phase as a status line shows it, e.g. {@code warm-up 100000 messages}
 * @param line the whole line, e.g. {@code [parse fork 1/5] warm-up 100000 messages (+812 ms)}
 */
public record ProgressEvent(Phase phase, String phaseText, String line) {

    /** A fork's phases, in the order it passes them. */
    public enum Phase {
        /** Reading the ruler: calibration, counter step, probe overhead. */
        CALIBRATING,
        /** Setting the benchmark up. */
        SETUP,
        /** Where the measured threads run, and the bound on their counter offset. */
        THREADS,
        /** Warming up. */
        WARMUP,
        /** Measuring: the line a CI log keeps of each fork. */
        MEASURING,
        /** Measured passes discarded because the JIT compiled during them. */
        DISCARDED,
        /**
         * Waiting for its turn on the measuring CPU ({@link Turns}); the phase text is {@code awaiting turn R}, R the
         * replica the turn is for. The turn before it, if any, has ended: the fork is off the measuring CPU.
         */
        AWAITING_TURN,
        /** Files written; the fork exits. */
        DONE,
        /** A result file could not be written: the line's phase text says which and why. */
        CANNOT_WRITE,
        /**
         * The benchmark's code contradicts its declaration, or it ran out of heap: the line's phase text says how
         * ({@link ForkEntry#EXIT_REFUSED}).
         */
        REFUSED,
        /** Anything else, e.g. a line of a fork of an older build whose phase has no code here. */
        OTHER
    }

    private static final char SEPARATOR = '\t';
    static final String MEASURING_WORD = "measuring ";

    /** @return the event as it goes on the wire */
    public String wire() {
        // the separator may not appear in the phase text (a path in a cannot-write reason, say); the line may hold it
        return phase.name() + SEPARATOR + phaseText.replace(SEPARATOR, ' ') + SEPARATOR + line;
    }

    /**
     * @return the event a progress payload carries: typed when it is, read from its wording when it comes from an older
     *     build
     */
    public static ProgressEvent parse(String payload) {
        int first = payload.indexOf(SEPARATOR);
        int second = first < 0 ? -1 : payload.indexOf(SEPARATOR, first + 1);
        if (second > 0) {
            Optional<Phase> phase = phaseNamed(payload.substring(0, first));
            if (phase.isPresent()) {
                return new ProgressEvent(
                        phase.get(), payload.substring(first + 1, second), payload.substring(second + 1));
            }
        }
        return OlderBuilds.progressEvent(payload);
    }

    private static Optional<Phase> phaseNamed(String name) {
        for (Phase p : Phase.values()) {
            if (p.name().equals(name)) {
                return Optional.of(p);
            }
        }
        return Optional.empty();
    }

    /** @return "warm-up 100000 messages" of "[parse fork 1/5] warm-up 100000 messages (+812 ms)" */
    static String phaseOf(String forkLine) {
        String phase = forkLine.startsWith("[") && forkLine.contains("] ")
                ? forkLine.substring(forkLine.indexOf("] ") + 2)
                : forkLine;
        int elapsed = phase.lastIndexOf(" (+");
        return elapsed > 0 && phase.endsWith(" ms)") ? phase.substring(0, elapsed) : phase;
    }
}
