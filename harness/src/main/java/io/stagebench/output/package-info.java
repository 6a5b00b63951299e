/**
 * What a person reads of a run, rendered and nothing else: the console report of a run ({@link
 * io.stagebench.output.RunReport}: the ruler's lines, one table per benchmark, the spread and plan lines, and every
 * warning with its remedy, which {@code host.RunWarnings} decides), {@code run --list}'s listing of the benchmarks
 * ({@link io.stagebench.output.BenchmarkListing}), and the HTML report of a stored run ({@link
 * io.stagebench.output.HtmlReport}): one self-contained file (charts as PNG data URIs drawn headless by XChart) with,
 * per benchmark series, a latency-by-percentile chart - one line per fork, x = log10(1/(1-p)) labelled 90%, 99%,
 * 99.9%, ... - the exact percentile table, every warning, the environment and the p50/p99 history of the runs stored
 * beside it, and the comparison, trend and coordinated-omission pages.
 *
 * <pre>{@code
 * Path html = HtmlReport.write(runDir, resultsRoot, runDir.resolve(RunStore.REPORT));
 * }</pre>
 *
 * <p>The launcher's side. May use {@code diff}, {@code store} and every layer below them.
 */
package io.stagebench.output;
