/**
 * Exact distributions and the numbers quoted from them: every sample kept and sorted
 * ({@link io.stagebench.stats.Distribution}), nearest-rank percentiles and the trimmed mean
 * ({@link io.stagebench.stats.StageSummary}), HdrHistograms for the result files, and the unit a column is printed in.
 *
 * <p>A floor: may use the other floors (text, system) alone.
 */
package io.stagebench.stats;
