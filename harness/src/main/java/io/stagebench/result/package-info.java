/**
 * What the launcher makes of the forks' files: latency series in nanoseconds from raw ticks ({@link
 * io.stagebench.result.LatencySeries}, the one place ticks become nanoseconds), a benchmark's forks merged ({@link
 * io.stagebench.result.BenchmarkOutcome}), the spread at each level of repetition and what each level cost, the replica
 * plan they favour, and the rulers' self-check.
 *
 * <p>Runs in the launcher, offline. May use {@code registry}, {@code link} and every layer below.
 */
package io.stagebench.result;
