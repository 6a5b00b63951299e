package io.stagebench.clock;

import java.util.Locale;

/**
 * The counter's step measured both ways ({@link CounterStep}): between back-to-back reads and in the lengths fenced
 * intervals take. The step that matters for a measured stage is the coarser: no interval resolves finer than it,
 * whatever two unfenced reads in a row show.
 *
 * @param readStepTicks smallest non-zero gap between back-to-back raw reads; 0 when not measured (older results)
 * @param intervalStepTicks the step fenced intervals come in; 0 when not measured
 */
public record CounterResolution(long readStepTicks, long intervalStepTicks) {

    /** Measures both steps on {@code clock}, the interval step from {@link CounterStep#DEFAULT_INTERVALS} intervals. */
    public static CounterResolution measure(Clock clock, int pairs) {
        long read = CounterStep.measureTicks(clock, pairs);
        long interval = CounterStep.intervalTicks(clock, CounterStep.DEFAULT_INTERVALS);
        return new CounterResolution(read, interval);
    }

    /** @return the step the ruler uses: the coarser of the two */
    public long stepTicks() {
        return Math.max(readStepTicks, intervalStepTicks);
    }

    /** @return whether intervals resolve more coarsely than back-to-back reads suggest */
    public boolean intervalsCoarser() {
        return readStepTicks > 0 && intervalStepTicks > readStepTicks;
    }

    /**
     * @return {@code step 26 ticks = 10.0 ns (intervals; back-to-back reads 1 tick)} when the two differ, else
     *     {@code step 24 ticks = 9.8 ns}
     */
    public String describe(Calibration calibration) {
        return describe(stepTicks(), readStepTicks, calibration);
    }

    /** The counter line's step for a step and the back-to-back step it was compared with (0: not known). */
    public static String describe(long stepTicks, long readStepTicks, Calibration calibration) {
        boolean differ = readStepTicks > 0 && stepTicks > readStepTicks;
        String step = String.format(Locale.ROOT, "step %d ticks = %.1f ns", stepTicks, calibration.toNs(stepTicks));
        return differ
                ? step + " (intervals; back-to-back reads " + readStepTicks
                        + (readStepTicks == 1 ? " tick)" : " ticks)")
                : step;
    }
}
