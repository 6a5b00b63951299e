package io.stagebench.builtin;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;

/**
 * The platform's jitter baseline, in the manner of jHiccup and sysjitter: the measuring thread, pinned like any
 * benchmark's, spins reading the counter, and every gap between two consecutive reads longer than {@code --param
 * thresholdNs} (default 1000) is time the CPU was taken away from it - an interrupt, a timer tick, a hypervisor exit,
 * SMM - not time spent in anyone's code. Run it on the machine and CPU you benchmark on to tell the machine's stalls
 * from your code's.
 *
 * <p>Each call is one observation window of at most {@code --param windowUs} (default 1000):
 *
 * <pre>
 *   start read ... r, r, r, ... r(k)   r(k+1) ... end read
 *   |---------- wait -----------|--- gap ---|
 *                      first r(k+1) - r(k) &gt; threshold, or the window's end
 * </pre>
 *
 * {@code wait} is how long the thread ran before the gap (the window's length when it saw none); {@code gap} is the gap
 * itself, plus the end read, minus the probe overhead like every stage. A window that ends without a gap above the
 * threshold records a {@code gap} of about 0: the share of such windows says how rare stalls are, the tail of
 * {@code gap} how long they last. Every raw read here is unfenced ({@code raw()}): the reads only need to be
 * consecutive, and a fence would only widen the smallest gap.
 *
 * <p>Suggested: {@code stagebench run jitter -w 1000 -n 10000} (10 s of 1 ms windows).
 */
@Benchmark(
        name = "jitter",
        stages = {"wait", "gap"},
        unmarkedTotal = false,
        description =
                "platform jitter: first counter gap above --param thresholdNs (1000) per --param windowUs (1000) window",
        params = {
            @Parameter(
                    name = "thresholdNs",
                    min = 1,
                    max = JitterBenchmark.MAX_THRESHOLD_NS,
                    defaultValue = "" + JitterBenchmark.DEFAULT_THRESHOLD_NS,
                    description = "a gap between two counter reads longer than this, in ns, is a stall"),
            @Parameter(
                    name = "windowUs",
                    min = 1,
                    max = JitterBenchmark.MAX_WINDOW_US,
                    defaultValue = "" + JitterBenchmark.DEFAULT_WINDOW_US,
                    description = "observation window per message in us; longer than thresholdNs")
        })
public final class JitterBenchmark implements Operation {

    /** Default gap threshold in ns. */
    public static final long DEFAULT_THRESHOLD_NS = 1_000;
    /** Default observation window in µs. */
    public static final long DEFAULT_WINDOW_US = 1_000;
    /** Longest gap threshold in ns. */
    public static final long MAX_THRESHOLD_NS = 100_000_000;
    /** Longest observation window in µs: one second, within a stage delta's 32 bits on any counter below 4 GHz. */
    public static final long MAX_WINDOW_US = 1_000_000;

    private Clock clock;
    private long thresholdTicks;
    private long windowTicks;

    @Setup
    public void setup(BenchmarkParams params, Clock clock, Calibration calibration) {
        long thresholdNs = params.longParam("thresholdNs");
        long windowUs = params.longParam("windowUs");
        if (thresholdNs < 1 || windowUs < 1 || windowUs * 1_000 <= thresholdNs) {
            throw new IllegalArgumentException("--param thresholdNs and windowUs must be positive and the window longer"
                    + " than the threshold, got thresholdNs=" + thresholdNs + ", windowUs=" + windowUs);
        }
        this.clock = clock;
        this.thresholdTicks = Math.max(1, Math.round(thresholdNs * calibration.ticksPerNs()));
        this.windowTicks = Math.round(windowUs * 1_000.0 * calibration.ticksPerNs());
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final Clock c = clock;
        final long threshold = thresholdTicks;
        long before = c.raw();
        final long deadline = before + windowTicks;
        long after = c.raw();
        while (after - before <= threshold && after < deadline) {
            before = after;
            after = c.raw();
        }
        stamps.markAt(before);
        sink.consume(after);
    }

    /** @return the gap threshold in ticks */
    public long thresholdTicks() {
        return thresholdTicks;
    }

    /** @return the window in ticks */
    public long windowTicks() {
        return windowTicks;
    }
}
