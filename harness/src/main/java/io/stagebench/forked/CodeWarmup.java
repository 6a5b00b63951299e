package io.stagebench.forked;

import io.stagebench.system.CompileLog;
import io.stagebench.system.JitEvents;
import io.stagebench.system.MeasuredCode;
import java.util.List;
import java.util.Optional;

/**
 * Warm-up until the measured code is C2's: after a kept measured pass, the fork reads its compile log and checks the
 * code that pass started in ({@link MeasuredCode}); while some of it is still C1's code compiled since warm-up began
 * (the replayed measured messages reach it, too seldom to have compiled it twice), the pass was warm-up, and as many
 * warm-up passes follow as have run so far (doubling), then a measured pass again - within {@link #BUDGET_NS} and at
 * most {@link #MAX_FACTOR} times the passes of the warm-up asked for. What is still below C2 after that is the check's
 * warning (a longer {@code -w}, or a stream in which that code runs more often).
 *
 * <p>A method C1 compiled needs HotSpot's tier-4 thresholds more calls before C2 compiles it: 5,000 invocations by
 * default, fewer with loops. The decide benchmark's token bucket ({@code ImbalanceStrategy.takeToken}), a few hundred
 * calls a pass of 200,000 messages, was measured in C1's code after the default warm-up.
 *
 * <p>The measured loop itself is entered once a chunk of a pass: a pass of a few slow messages enters it once, and no
 * number of such passes the budget allows brings it to the {@link #loopEntries} calls C2 needs, however long the
 * warm-up. When the loop is what is below C2, the fork enters it that many times instead, a message each
 * ({@link ForkBody#warmupEntries}), and measures again. The extra passes are also held to what the budget's time left
 * allows at the pass's length.
 *
 * <p>Off with {@code -Dstagebench.codeWarmup=false} (the fork then keeps the warm-up asked for, and the check still
 * warns); nothing to do in a fork without the compile log.
 */
final class CodeWarmup {

    /** System property that turns the extension off ({@code -Dstagebench.codeWarmup=false}). */
    static final String ENABLED_PROPERTY = "stagebench.codeWarmup";
    /** Extra warm-up a fork may spend on its measured code, after its own warm-up. */
    static final long BUDGET_NS = 30_000_000_000L;
    /** Extra passes at most, as a multiple of the passes of the warm-up asked for. */
    static final int MAX_FACTOR = 32;

    private final JitEvents jitEvents;
    private final List<String> loops;
    private final long warmupStartEpochMs;
    private final long maxExtraPasses;
    /** When the first check found code below C2: the budget is this warm-up's own, not the stages' before it. */
    private long startNs = -1;

    private long extraPasses;
    private List<String> below = List.of();

    /**
     * @param loops the measured loops, {@code package.Class::name}
     * @param warmupStartEpochMs when the fork's warm-up began
     * @param askedPasses the passes of the warm-up asked for
     */
    CodeWarmup(JitEvents jitEvents, List<String> loops, long warmupStartEpochMs, int askedPasses) {
        this.jitEvents = jitEvents;
        this.loops = List.copyOf(loops);
        this.warmupStartEpochMs = warmupStartEpochMs;
        this.maxExtraPasses = (long) MAX_FACTOR * Math.max(1, askedPasses);
    }

    /** @return whether this fork extends its warm-up for its measured code: turned on, and the compile log kept */
    static boolean wanted(JitEvents jitEvents) {
        return Boolean.parseBoolean(System.getProperty(ENABLED_PROPERTY, "true"))
                && jitEvents.unavailableReason() == null;
    }

    /**
     * @param passStartEpochMs when the measured pass just kept started
     * @param passesSoFar the warm-up passes run so far
     * @param passMs how long that pass took: the extra passes fit the budget's time left
     * @return the warm-up passes to run before measuring again: 0 when the code that pass started in is C2's, or the
     *     budget is spent
     */
    long passesNeeded(long passStartEpochMs, long passesSoFar, long passMs) {
        long leftNs = startNs < 0 ? BUDGET_NS : BUDGET_NS - (System.nanoTime() - startNs);
        if (extraPasses >= maxExtraPasses || leftNs < 0) {
            return 0;
        }
        Optional<CompileLog> log = jitEvents.compileLog(problem -> {});
        below = log.map(l -> MeasuredCode.check(l, loops, warmupStartEpochMs, passStartEpochMs)
                        .notAtC2())
                .orElse(List.of());
        if (below.isEmpty()) {
            return 0;
        }
        if (startNs < 0) {
            startNs = System.nanoTime();
        }
        long fit = Math.max(1, leftNs / 1_000_000 / Math.max(1, passMs));
        long more = Math.min(Math.min(Math.max(1, passesSoFar), maxExtraPasses - extraPasses), fit);
        extraPasses += more;
        return more;
    }

    /** @return whether the last {@link #passesNeeded} found a measured loop itself below C2 */
    boolean loopBelow() {
        return below.stream().anyMatch(method -> loops.stream().anyMatch(method::startsWith));
    }

    /**
     * @return the entries of the measured loop that bring it to C2 whatever its back edges: HotSpot's
     *     {@code Tier4InvocationThreshold} x {@code CompileThresholdScaling} calls, and the calls between two reads of
     *     the count by C1's code ({@code 2^Tier3InvokeNotifyFreqLog}); fewer, counting on the back edges, left the loop
     *     at C1 in a fork whose passes entered it once each
     */
    static long loopEntries() {
        double threshold = StageWarmup.flag("Tier4InvocationThreshold", 5_000)
                * Math.max(StageWarmup.flag("CompileThresholdScaling", 1.0), 0.0);
        return Math.round(threshold) + (1L << (int) StageWarmup.flag("Tier3InvokeNotifyFreqLog", 10));
    }

    /**
     * @return the methods below C2 that the last {@link #passesNeeded} found, short names ("Strategy.takeToken (C1,
     *     tier 3)")
     */
    String describeBelow() {
        return String.join(", ", below.stream().map(MeasuredCode::shortName).toList());
    }
}
