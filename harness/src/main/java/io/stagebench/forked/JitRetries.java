package io.stagebench.forked;

import java.util.ArrayList;
import java.util.List;

/**
 * When a measured pass may be kept: one that the JIT did not change, or the last one allowed. A pass during which
 * anything compiled is discarded as warm-up and replayed, at most {@code retries} times, and after the first retry no
 * more once the retries have taken {@link #BUDGET_NS} (a back-to-back pass takes a fraction of a second, a paced one at
 * 1k/s 10 s for 10 000 messages). The kept pass is chosen by the compile count alone, never by its timings.
 *
 * <p>Each attempt gets a fresh {@link MeasurementBracket}; a retry waits less for the compiler to go quiet: a compile
 * still running when the wait ends lands in the pass, which is then discarded too - the safe direction.
 */
final class JitRetries {

    /**
     * Quiet time before the first measured pass, ms. Forks compile in the foreground (the launcher's
     * {@code MeasureDefaults.FOREGROUND_COMPILE_FLAG}), so the measuring thread never resumes with a compile of its own
     * still queued; the wait is for other threads' compiles (the recorder's, the watch thread's), and one that still
     * lands in the pass discards it. One poll is enough: a default fork waits five times (after each setup, before each
     * kept pass, in the ruler), and each longer wait added to every fork's time. Under foreground compilation the
     * bracket no longer waits at all ({@link MeasurementBracket#open}): no more passes were discarded for a compile
     * without the wait than with it (docs/decisions.md, "Quiet wait before a pass").
     */
    static final long QUIET_MS = 20;
    /** Longest wait for a quiet compiler, ms. */
    static final long QUIET_MAX_MS = 5_000;
    /** Quiet time before a retry, ms. */
    static final long RETRY_QUIET_MS = 20;
    /** Time after which no further retry starts, once one has run. */
    static final long BUDGET_NS = 10_000_000_000L;

    private final int retries;
    private final long startNs = System.nanoTime();
    private final List<Long> discarded = new ArrayList<>();

    /** @param retries measured passes that may be discarded */
    JitRetries(int retries) {
        this.retries = retries;
    }

    /** @return the bracket of the next attempt */
    MeasurementBracket nextBracket() {
        return new MeasurementBracket(discarded.isEmpty() ? QUIET_MS : RETRY_QUIET_MS, QUIET_MAX_MS);
    }

    /**
     * @param attempt the closed bracket of the attempt just measured
     * @return true to keep it; false when it is discarded and another attempt must run
     */
    boolean keep(MeasurementBracket attempt) {
        if (attempt.jitCompilations() == 0
                || discarded.size() >= retries
                || !discarded.isEmpty() && System.nanoTime() - startNs > BUDGET_NS) {
            return true;
        }
        discarded.add(attempt.jitCompilations());
        return false;
    }

    /** @return whether any attempt was discarded (the next one follows a replay) */
    boolean anyDiscarded() {
        return !discarded.isEmpty();
    }

    /** @return the compile count of each discarded attempt, in order */
    List<Long> discarded() {
        return List.copyOf(discarded);
    }
}
