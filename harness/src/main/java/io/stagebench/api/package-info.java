/**
 * The benchmark-writer's API, the only part of the harness a benchmark is written against: the
 * {@link io.stagebench.api.Benchmark} declaration, the measured code ({@link io.stagebench.api.Operation},
 * {@link io.stagebench.api.HandoffOperation}), the stage {@link io.stagebench.api.Stamps} it marks, its
 * {@link io.stagebench.api.Sink}, and the untimed methods around it ({@link io.stagebench.api.Setup},
 * {@link io.stagebench.api.Reset}, {@link io.stagebench.api.TearDown}, {@link io.stagebench.api.CheckParams}). Loaded
 * in the fork beside a project's own classes ({@code registry.BenchmarkClassLoader} shares exactly this package and
 * {@code clock}).
 *
 * <p>A benchmark writer uses everything here but {@link io.stagebench.api.RecordingStamps} and
 * {@link io.stagebench.api.RecordingSink}, the runner's sides of the stamps and the sink, and {@code api.processor},
 * which the compiler runs.
 *
 * <p>Runs on both sides. May use {@code clock} and the layers below it; nothing of the launcher.
 */
package io.stagebench.api;
