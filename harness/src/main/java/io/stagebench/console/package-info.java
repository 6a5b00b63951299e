/**
 * The console report of a run ({@link io.stagebench.console.RunReport}): the ruler's lines, one table per
 * benchmark, the spread and plan lines, and every warning with its remedy (which {@code host.RunWarnings} decides:
 * this package renders); and {@code run --list}'s listing of the benchmarks ({@link
 * io.stagebench.console.BenchmarkListing}).
 *
 * <p>The launcher's side. May use {@code store} and every layer below it.
 */
package io.stagebench.console;
