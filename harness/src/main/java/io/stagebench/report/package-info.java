/**
 * The HTML report of a stored run: one self-contained file (charts as PNG data URIs drawn
 * headless by XChart) with, per benchmark series, a latency-by-percentile chart - one line
 * per fork, x = log10(1/(1-p)) labelled 90%, 99%, 99.9%, ... - the exact percentile table,
 * every warning, the environment and the p50/p99 history of the runs stored beside it.
 *
 * <pre>{@code
 * Path html = HtmlReport.write(runDir, resultsRoot, runDir.resolve(RunStore.REPORT));
 * }</pre>
 */
package io.stagebench.report;
