/**
 * The extension point of the {@code stagebench} command line: what a module that adds commands to it may use of the
 * harness (the benchmarks themselves are written against {@link io.stagebench.api}). A command is found through
 * {@link io.stagebench.extension.CommandProvider}; one that measures stagebench benchmarks takes the measuring options
 * of {@link io.stagebench.extension.Measuring} and runs them in a {@link io.stagebench.extension.Session}, stored like
 * any run, and reads their figures from {@link io.stagebench.extension.RunResults};
 * {@link io.stagebench.extension.Harness} has the rest (atomic file writes, thread pinning, the forks' JVM flags, the
 * project folder), and {@link io.stagebench.text.Table} prints its tables as the harness prints its own.
 *
 * <p>Everything else of the harness is internal and may change: a command written against this package and {@code api}
 * keeps working when it does.
 */
package io.stagebench.extension;
