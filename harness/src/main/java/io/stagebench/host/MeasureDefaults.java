package io.stagebench.host;

/**
 * What a measuring command measures when its options do not say: the one place these defaults live. {@code run},
 * {@code ab} and {@code bisect} take them from here, their help texts name them from here, and
 * {@link RunConfig#builder} starts from the same messages and warm-up.
 */
public final class MeasureDefaults {

    /** Measured messages a fork (a replica), {@code -n}. */
    public static final int MESSAGES = 200_000;
    /** ... under {@code --quick}. */
    public static final int QUICK_MESSAGES = 20_000;
    /** Warm-up messages a fork, {@code -w}. */
    public static final long WARMUP_MESSAGES = 200_000;
    /** ... under {@code --quick}. */
    public static final long QUICK_WARMUP_MESSAGES = 100_000;
    /** Forks a benchmark of {@code run}, {@code -f} ({@code ab}'s come from its sequential plan). */
    public static final int RUN_FORKS = 5;
    /** Forks a benchmark of {@code run} under {@code --quick}. */
    public static final int QUICK_FORKS = 1;
    /** Replicas a fork under {@code --quick}, in every command that takes it. */
    public static final int QUICK_REPLICAS = 1;
    /**
     * Replicas a fork of {@code run} measures, {@code -r}: each further one costs a setup (a fraction of a fork's
     * start), and a default run stays within two minutes (docs/decisions.md, "Replicas a fork").
     */
    public static final int RUN_REPLICAS = 2;
    /**
     * Replicas a fork of {@code ab} and {@code bisect} measures when no stored run plans them. A fork's level is mostly
     * its setup's, so a few setups a fork cut a fork's spread for a small part more of its time; Kalibera and Jones's
     * optimum for the reference stages is higher, which the sequential plan's budget cannot afford at 13 pairs
     * (docs/decisions.md, "Replicas a fork").
     */
    public static final int COMPARE_REPLICAS = 4;

    private MeasureDefaults() {
    }

    /** @return the measured messages a fork, by default or under {@code --quick} */
    public static int messages(boolean quick) {
        return quick ? QUICK_MESSAGES : MESSAGES;
    }

    /** @return the warm-up a fork, as {@code -w} would give it, by default or under {@code --quick} */
    public static String warmup(boolean quick) {
        return Long.toString(quick ? QUICK_WARMUP_MESSAGES : WARMUP_MESSAGES);
    }
}
