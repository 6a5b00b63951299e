package io.stagebench.forked;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.management.ManagementFactory;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.Locale;

/**
 * Warm-up by each stage's own count: a stage that runs for a few messages in a thousand (a pipeline's encode runs for
 * the 0.5% that make an order) reaches the optimising compiler's thresholds thousands of times later than the messages
 * do, so a warm-up counted in messages can end with that stage still interpreted or in C1's code - measured far slower
 * than it runs warmed, while nothing compiled <em>during</em> the measured pass (docs/decisions.md, "Warm-up by each
 * stage's count").
 *
 * <p>How: the fork counts, in each measured pass it records, the messages each stage ran for (a stage that
 * {@code Stamps.skip()}s a message did not); from that share and the messages run so far it knows each stage's runs.
 * While the rarest stage has run fewer than {@link #target()} times - twice what HotSpot needs to compile a method at
 * tier 4 on this JVM, read from its flags ({@code Tier4CompileThreshold} x {@code CompileThresholdScaling}; 30 000 by
 * default) - the measured pass is warm-up: more warm-up passes follow, as many as the count says, then a measured pass
 * again, within {@link #BUDGET_NS}. A stage that the budget leaves short is a warning naming it, its count and the fix.
 * Nothing is added to the measured loop: the count is taken from the recording after the pass.
 */
final class StageWarmup {

    /** Extra warm-up a fork may spend on its rarest stage, after its own warm-up. */
    static final long BUDGET_NS = 30_000_000_000L;
    /** How many times HotSpot's tier-4 threshold a stage must have run. */
    static final int MARGIN = 2;

    private final List<String> stages;
    private final long target;
    private final long startNs = System.nanoTime();
    private long[] runsPerPass;
    private long passMessages;

    /**
     * @param stages the stages, in order
     * @param target the runs each stage needs
     */
    StageWarmup(List<String> stages, long target) {
        this.stages = List.copyOf(stages);
        this.target = target;
    }

    /** @return {@link #MARGIN} x HotSpot's tier-4 compile threshold x its scaling, as this JVM runs */
    static long jvmTarget() {
        double threshold = flag("Tier4CompileThreshold", 15_000) * Math.max(flag("CompileThresholdScaling", 1.0), 0.0);
        return Math.max(1, Math.round(MARGIN * threshold));
    }

    /** @return the value of this JVM's flag {@code name}, or {@code fallback} when it cannot be read */
    static double flag(String name, double fallback) {
        try {
            HotSpotDiagnosticMXBean hotspot = ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class);
            return Double.parseDouble(hotspot.getVMOption(name).getValue());
        } catch (RuntimeException | LinkageError e) {
            return fallback;
        }
    }

    /** @return the runs each stage needs before a measured pass is kept */
    long target() {
        return target;
    }

    /**
     * Takes in a measured pass: each stage's runs in it, from which its share of the messages is known.
     *
     * @param runs per stage, the messages of the pass the stage ran for
     * @param passMessages the pass's messages
     */
    void measured(long[] runs, long passMessages) {
        this.runsPerPass = runs.clone();
        this.passMessages = passMessages;
    }

    /**
     * @return each stage's runs once {@code messages} messages have run: its share of the last measured pass times them
     */
    long[] runsAt(long messages) {
        long[] out = new long[stages.size()];
        if (runsPerPass == null || passMessages == 0) {
            return out;
        }
        for (int s = 0; s < out.length; s++) {
            out[s] = Math.round((double) runsPerPass[s] / passMessages * messages);
        }
        return out;
    }

    /**
     * @param messages the messages run so far
     * @param passLength the messages of one warm-up pass
     * @return the warm-up passes still needed for the rarest stage that ran at all to reach the target; 0 when every
     *     stage has, or when the budget is spent
     */
    long passesNeeded(long messages, long passLength) {
        if (runsPerPass == null || budgetSpent()) {
            return 0;
        }
        long[] soFar = runsAt(messages);
        long passes = 0;
        for (int s = 0; s < soFar.length; s++) {
            if (runsPerPass[s] > 0 && soFar[s] < target) {
                double perPass = (double) runsPerPass[s] / passMessages * passLength;
                passes = Math.max(passes, (long) Math.ceil((target - soFar[s]) / perPass));
            }
        }
        return passes;
    }

    /** @return whether the budget for extra warm-up passes is spent */
    private boolean budgetSpent() {
        return System.nanoTime() - startNs > BUDGET_NS;
    }

    /**
     * @return a warning for each stage that ran at all but fewer than the target times before the kept pass, e.g.
     *     "stage encode ran 12,345 times before it was measured, fewer than the 30,000 the optimising compiler needs
     *     (...); fix: ..."
     */
    List<String> shortStages(long[] runsBeforeKeptPass) {
        List<String> out = new ArrayList<>();
        for (int s = 0; s < stages.size(); s++) {
            if (runsPerPass != null && runsPerPass[s] > 0 && runsBeforeKeptPass[s] < target) {
                out.add(String.format(
                        Locale.ROOT,
                        "stage %s ran %,d times before it was measured, fewer than the %,d"
                                + " the optimising compiler needs on this JVM (%d x Tier4CompileThreshold x CompileThresholdScaling):"
                                + " its figures may be of code the JIT had not finished; fix: a longer -w (e.g. -w 30s), or a"
                                + " stream in which %s runs for more messages",
                        stages.get(s),
                        runsBeforeKeptPass[s],
                        target,
                        MARGIN,
                        stages.get(s)));
            }
        }
        return out;
    }

    /** @return "parse 600,000, book 600,000, decide 600,000, encode 31,800": each stage's runs before the kept pass */
    String describe(long[] runs) {
        List<String> parts = new ArrayList<>();
        for (int s = 0; s < stages.size(); s++) {
            parts.add(String.format(Locale.ROOT, "%s %,d", stages.get(s), runs[s]));
        }
        return String.join(", ", parts);
    }

    /** @return {@code runs} as a list, for the fork's result */
    static List<Long> asList(long[] runs) {
        return Arrays.stream(runs).boxed().toList();
    }
}
