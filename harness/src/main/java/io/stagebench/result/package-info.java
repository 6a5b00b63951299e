/**
 * What the launcher makes of the forks' files: latency series in nanoseconds from raw ticks
 * ({@link io.stagebench.result.LatencySeries}, the one place ticks become nanoseconds), a benchmark's forks merged
 * ({@link io.stagebench.result.BenchmarkOutcome}), the spread at each level of repetition and what each level cost, the
 * replica plan they favour, the rulers' self-check, the run's warnings ({@link io.stagebench.result.RunWarnings}: what
 * a run stores and prints) and the rule {@code --batch auto} chooses by ({@link io.stagebench.result.BatchChoice}).
 *
 * <p>Runs in the launcher, offline. May use {@code config}, {@code registry}, {@code link} and every layer below.
 */
package io.stagebench.result;
