/**
 * The annotation processor that checks {@link io.stagebench.api.Benchmark} declarations at compile time - a benchmark
 * the runner could not run is a compile error on its class, not a failed fork.
 *
 * <p>Runs in {@code javac}. May use {@code api} and what {@code api} may use.
 */
package io.stagebench.api.processor;
