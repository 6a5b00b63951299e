/**
 * The benchmarks a class path offers, discovered and described ({@link io.stagebench.registry.BenchmarkRegistry},
 * {@link io.stagebench.registry.BenchmarkDescriptor}): their stages, tags and parameters checked before any fork
 * starts, a project's own benchmarks loaded apart from the harness's libraries, and parameter sweeps.
 *
 * <p>Runs on both sides. May use {@code link}, {@code builtin}, {@code api} and the layers below.
 */
package io.stagebench.registry;
