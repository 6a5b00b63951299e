/**
 * {@code stagebench diff}: whether a change between two stored runs is real.
 *
 * <p>"A 2 % improvement is usually noise." Each run keeps, per benchmark and stage, the pooled distribution of every
 * fork's samples and each fork's own summary. The comparison uses the forks as its unit of evidence: one value per fork
 * and statistic (tmean, p50, p99, p99.9, max), so that everything that changes from one JVM to the next - JIT
 * decisions, heap and code layout, what the machine was doing - counts as noise, as it should. When the two runs are
 * the sides of one {@code ab}, fork i of A and fork i of B ran next to each other from the same layout seed; what the
 * two shared cancels in their difference, and the rows are judged on the pair differences.
 *
 * <p>Worked example. Six pairs; decide's per-fork tmean in ns, forks in two layout modes:
 *
 * <pre>
 *   A (old)   30.2  36.1  30.4  36.3  30.1  36.0
 *   B (new)   31.9  37.6  32.0  38.1  31.7  37.8
 *   B - A      1.7   1.5   1.6   1.8   1.6   1.8
 * </pre>
 *
 * <ol>
 *   <li>Wilcoxon signed-rank, two-sided, exact: every difference is positive, so p = 2 / 2^6 = 0.031 &lt; 0.05 - the
 *       smallest p six pairs can give. The forks' modes (30 v 36 ns) are in both sides of each pair and drop out;
 *       unpaired, the Mann-Whitney U over the same twelve values gives p 0.18.
 *   <li>Paired Hodges-Lehmann shift: the median of the 21 Walsh averages (d[i] + d[j]) / 2 is 1.65 ns; its 50 %
 *       interval [1.6, 1.7] is 0.1 ns wide: the shift clears its own spread.
 *   <li>1.65 ns on A's per-fork median of 33.2 ns is +5.0 % &gt;= 2 %, and the pooled tmean moved up too.
 * </ol>
 *
 * All hold, so decide's tmean is called <b>slower</b> - alone. As one of a default {@code ab}'s 50 rows, Holm needs p
 * &lt; 0.05 / 2 looks / 50 = 0.0005 for a first call: 13 pairs at least
 * ({@link io.stagebench.diff.SequentialPlan#DEFAULT_MIN_FORKS}); with fewer the row is <b>unreliable</b>, whatever the
 * numbers: more forks, not a looser rule.
 *
 * <p>Classes: the store's {@link io.stagebench.store.RunResolver} turns a commit-ish or a folder into a run folder and
 * {@link io.stagebench.store.ResultReader} reads it as a {@link io.stagebench.store.StoredRun};
 * {@link io.stagebench.diff.RunDiff} compares two with a {@link io.stagebench.diff.VerdictRule} (using
 * {@link io.stagebench.diff.SignedRank} for pairs, {@link io.stagebench.diff.MannWhitney} otherwise, and
 * {@link io.stagebench.diff.ShiftEstimate}) and {@link io.stagebench.diff.EnvironmentComparison};
 * {@link io.stagebench.output.DiffReport} prints the result.
 *
 * <p>The reading side, below the launcher: may use {@code store} and every layer below, never {@code host}.
 */
package io.stagebench.diff;
