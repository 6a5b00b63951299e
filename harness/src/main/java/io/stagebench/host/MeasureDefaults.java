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
     * Replicas a fork of {@code run} measures, {@code -r}: each further one costs a setup (~0.2-0.3 s against a fork's
     * ~2.5 s, Intel Xeon, reference stages), and a default run stays within two minutes.
     */
    public static final int RUN_REPLICAS = 2;
    /**
     * Replicas a fork of {@code ab} and {@code bisect} measures when no stored run plans them. A fork's level is mostly
     * its setup's (Intel Xeon, encode and decide, 10 forks x 8 replicas: setups 2.7 % and 7.0 %, forks 1.5 % and
     * 3.2 %, a fork 2.6-2.9 s, a setup 0.20-0.22 s), so four setups a fork cut a fork's spread to about two thirds for
     * a quarter more of its time; Kalibera and Jones's optimum from those figures is 6-8, which the sequential plan's
     * budget cannot afford at 13 pairs.
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
