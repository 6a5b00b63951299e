/**
 * What a person reads, rendered and nothing else; the decisions it shows are made where the data lives. The console
 * report of a run ({@link io.stagebench.output.RunReport}: the ruler's lines, one table per benchmark, the spread and
 * plan lines, and every warning with its remedy, which {@link io.stagebench.result.RunWarnings} decides), a diff's and
 * a history's text and JSON ({@link io.stagebench.output.DiffReport}, {@link io.stagebench.output.DiffDocument},
 * {@link io.stagebench.output.DiffMarkdown}, {@link io.stagebench.output.HistoryReport}), the texts of {@code clocks},
 * {@code check} and the coordinated-omission demo, {@code run --list}'s listing of the benchmarks
 * ({@link io.stagebench.output.BenchmarkListing}), and the HTML report of a stored run
 * ({@link io.stagebench.output.HtmlReport}): one self-contained file (charts as PNG data URIs drawn headless by XChart)
 * with, per benchmark series, a latency-by-percentile chart - one line per fork, x = log10(1/(1-p)) labelled 90%, 99%,
 * 99.9%, ... - the exact percentile table, every warning, the environment and the p50/p99 history of the runs stored
 * beside it, and the comparison, trend and coordinated-omission pages.
 *
 * <pre>{@code
 * Path html = HtmlReport.write(runDir, resultsRoot, runDir.resolve(RunStore.REPORT));
 * }</pre>
 *
 * <p>The reading side, below the launcher: may use {@code diff}, {@code store} and every layer below them, never
 * {@code host}.
 */
package io.stagebench.output;
