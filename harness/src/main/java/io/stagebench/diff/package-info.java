/**
 * {@code stagebench diff}: whether a change between two stored runs is real.
 *
 * <p>"A 2 % improvement is usually noise." Each run keeps, per benchmark and stage, the
 * pooled distribution of every fork's samples and each fork's own summary. The comparison
 * uses the forks as its unit of evidence: one value per fork and statistic (p50, p99, p99.9,
 * max), so that everything that changes from one JVM to the next - JIT decisions, heap and
 * code layout, what the machine was doing - counts as noise, as it should.
 *
 * <p>Worked example. Five forks a side; decide's per-fork p50 in ns:
 * <pre>
 *   A (old)  100.4  100.9  101.2  100.6  101.0    median 100.9   spread 0.8
 *   B (new)  110.3  110.8  110.5  111.0  110.6    median 110.6   spread 0.7
 * </pre>
 * <ol>
 *   <li>Mann-Whitney U, two-sided, exact: every B value exceeds every A value, U = 0, and
 *       p = 2 / C(10, 5) = 2/252 = 0.0079 &lt; 0.05 - the smallest p five forks a side can give.</li>
 *   <li>Shift 110.6 - 100.9 = 9.7 ns &gt; max(0.8, 0.7): the change is beyond the run-to-run spread.</li>
 *   <li>Pooled p50 about 100.9 → 110.6: +9.6 % ≥ 2 %.</li>
 * </ol>
 * All three hold, so decide's p50 is called <b>slower</b>. Had one A fork read 92 ns, A's
 * spread would be 9.2 ns and the shift still 9.7 ns: called; at 90 ns (spread 11.2 ns) the
 * same data is <b>no change</b>. With three forks a side the smallest p is 2/20 = 0.1 and the
 * verdict is <b>unreliable</b> whatever the numbers: more forks, not a looser rule.
 *
 * <p>Classes: the store's {@link io.stagebench.store.RunResolver} turns a commit-ish or a folder
 * into a run folder and {@link io.stagebench.store.ResultReader} reads it as a
 * {@link io.stagebench.store.StoredRun};
 * {@link io.stagebench.diff.RunDiff} compares two with a {@link io.stagebench.diff.VerdictRule}
 * (using {@link io.stagebench.diff.MannWhitney}) and
 * {@link io.stagebench.diff.EnvironmentComparison}; {@link io.stagebench.diff.DiffReport}
 * prints the result.
 */
package io.stagebench.diff;
