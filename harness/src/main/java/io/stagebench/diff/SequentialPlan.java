package io.stagebench.diff;

import java.time.Duration;
import java.util.List;
import java.util.Locale;

/**
 * How a sequential A/B spends its forks: {@code minForks} a side first, then {@code stepForks} more pairs at a time for
 * the benchmarks not yet decided, up to {@code maxForks}, and no new step once the measuring time would pass
 * {@code budget}.
 *
 * <p>A benchmark is <b>decided</b> when every row of its centre statistic is called faster or slower, or could have
 * detected a change of {@code targetPercent} (so its "no change" means "no change of that size"). Looking at the data
 * several times and stopping when a verdict appears would inflate the false-alarm rate; the plan fixes the largest
 * number of looks in advance and the rule spends alpha evenly over them ({@link VerdictRule#withLooks}), a Bonferroni
 * bound that holds whatever the looks' dependence.
 *
 * @param minForks forks a side at the first look, at least 2
 * @param maxForks forks a side at most, at least {@code minForks}
 * @param stepForks fork pairs added per further look, at least 1
 * @param targetPercent the detectable change at which an undecided benchmark stops, &gt; 0
 * @param budget measuring time after which no further look starts
 */
public record SequentialPlan(int minForks, int maxForks, int stepForks, double targetPercent, Duration budget) {

    /**
     * Forks a side at the first look unless told: the fewest pairs whose signed-rank test can still call a row after
     * one pair against it (p 2/2^13 x 2 = 0.00049) at Holm's first step over a default ab's 50 rows weighing alike in
     * two looks (0.05 / 2 / 50 = 0.0005). With the centre rows holding half of alpha
     * ({@link VerdictRule#DEFAULT_CENTRE_SHARE}) a centre row faces 0.00125 there and a tail row 0.0003: every pair one
     * way (0.00024), or one against in a plan of one look.
     */
    public static final int DEFAULT_MIN_FORKS = 13;
    /** Forks a side at most unless told. */
    public static final int DEFAULT_MAX_FORKS = 23;
    /** Pairs per further look unless told: two looks in all, so each is tested at alpha / 2. */
    public static final int DEFAULT_STEP_FORKS = 10;
    /**
     * Detectable change at which a benchmark stops, in percent, unless told or gated: a "no change" that rules out 3 %
     * rather than 5 %. A first look of 13 pairs reaches 3 % for most benchmarks; one whose forks spread more (decide's
     * compiled code differs from fork to fork) takes the second look the budget already allows instead of stopping with
     * part of it unspent.
     */
    public static final double DEFAULT_TARGET_PERCENT = 3.0;
    /**
     * Fewest pairs a further look adds: fewer cannot move a verdict, so the budget's remainder is not spent on them.
     */
    public static final int MIN_STEP_PAIRS = 2;
    /** Measuring time per benchmark compared after which no further look starts, unless told. */
    public static final Duration DEFAULT_BUDGET_PER_BENCHMARK = Duration.ofSeconds(90);
    /** The default budget's ceiling, however many benchmarks are compared. */
    public static final Duration MAX_DEFAULT_BUDGET = Duration.ofMinutes(6);

    /**
     * @throws IllegalArgumentException with one line naming the value, e.g. "max forks must be at least 2 (a side), got
     *     1"
     */
    public SequentialPlan {
        if (maxForks < 2) {
            throw new IllegalArgumentException("max forks must be at least 2 (a side), got " + maxForks);
        }
        if (minForks < 2) {
            throw new IllegalArgumentException("min forks must be at least 2 (a side), got " + minForks);
        }
        if (maxForks < minForks) {
            throw new IllegalArgumentException(
                    "max forks (" + maxForks + ") must not be below min forks (" + minForks + ")");
        }
        if (stepForks < 1) {
            throw new IllegalArgumentException("step must be at least 1 fork pair, got " + stepForks);
        }
        if (!(targetPercent > 0) || Double.isInfinite(targetPercent)) {
            throw new IllegalArgumentException("target must be a positive percentage, got " + targetPercent);
        }
        if (budget.isNegative()) {
            throw new IllegalArgumentException("budget must not be negative, got " + budget);
        }
    }

    /** A plan with one look: exactly {@code forks} a side. */
    public static SequentialPlan fixed(int forks) {
        return new SequentialPlan(forks, forks, 1, DEFAULT_TARGET_PERCENT, Duration.ZERO);
    }

    /** @return the default budget for {@code benchmarks} benchmarks: 90 s each, at most 6 minutes */
    public static Duration defaultBudget(int benchmarks) {
        Duration each = DEFAULT_BUDGET_PER_BENCHMARK.multipliedBy(Math.max(1, benchmarks));
        return each.compareTo(MAX_DEFAULT_BUDGET) < 0 ? each : MAX_DEFAULT_BUDGET;
    }

    /** @return the same plan with another budget */
    public SequentialPlan withBudget(Duration other) {
        return new SequentialPlan(minForks, maxForks, stepForks, targetPercent, other);
    }

    /** @return the most looks this plan can take: 1 + ceil((max - min) / step) */
    public int looks() {
        return 1 + (maxForks - minForks + stepForks - 1) / stepForks;
    }

    /**
     * The plan's looks fixed before the first, from a forecast of what they cost: when the first look is forecast to
     * leave less of the budget than {@value #MIN_STEP_PAIRS} pairs of the cheapest benchmark take, no second look could
     * start, so the plan has one and the rule does not spend alpha on a look that will not happen. The forecast rests
     * on stored runs, not on this comparison's values, so fixing the looks by it keeps the rule's level.
     *
     * @param firstLookS the first look's forecast measuring time, every benchmark's {@code minForks} pairs
     * @param cheapestPairS the forecast time of a pair of the cheapest benchmark
     * @return this plan, or the same with {@code maxForks} = {@code minForks} (one look)
     */
    public SequentialPlan forecast(double firstLookS, double cheapestPairS) {
        double leftS = budget.toNanos() / 1e9 - firstLookS;
        if (looks() == 1 || !(leftS < MIN_STEP_PAIRS * cheapestPairS)) {
            return this;
        }
        return new SequentialPlan(minForks, minForks, stepForks, targetPercent, budget);
    }

    /** @return the pairs to add after {@code done} pairs: min at first, then a step, never past max */
    public int nextPairs(int done) {
        return done == 0 ? minForks : Math.min(stepForks, maxForks - done);
    }

    /**
     * @param centreRows the benchmark's rows of the centre statistic, as just judged
     * @return whether the benchmark needs no more forks
     */
    public boolean decided(List<Comparison> centreRows) {
        for (Comparison c : centreRows) {
            boolean called = c.verdict() == Verdict.SLOWER || c.verdict() == Verdict.FASTER;
            if (!called && !(c.detectablePercent() <= targetPercent)) {
                return false;
            }
        }
        return true;
    }

    /** @return "10..30 forks a side in steps of 5, until every centre row could detect 5% or 4m0s" */
    public String describe() {
        if (minForks == maxForks) {
            return minForks + " forks a side";
        }
        return String.format(
                Locale.ROOT,
                "%d..%d forks a side in steps of %d, until each benchmark's centre rows are called"
                        + " or could detect %s%%, within %ds of measuring",
                minForks,
                maxForks,
                stepForks,
                VerdictRule.formatAlpha(targetPercent),
                budget.toSeconds());
    }
}
