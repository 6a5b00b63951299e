/**
 * The launcher's side of a measurement: given a validated {@link io.stagebench.config.RunConfig}, the forks of each
 * benchmark started one after another ({@link io.stagebench.host.Runner}, {@link io.stagebench.host.BenchmarkForks}) or
 * interleaved with another build's ({@link io.stagebench.host.InterleavedRunner},
 * {@link io.stagebench.host.PairTurns}), the fork's heap and class archive, the lock on the measuring CPU, the pilot
 * that chooses a batch.
 *
 * <p>Runs in the launcher. May use {@code output}, {@code diff}, {@code store}, {@code config} and every layer below;
 * of the fork only its entry point's name ({@link io.stagebench.host.ForkLauncher}).
 */
package io.stagebench.host;
