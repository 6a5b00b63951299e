/**
 * The launcher's side of a measurement: a validated {@link io.stagebench.host.RunConfig}, the forks of each
 * benchmark started one after another ({@link io.stagebench.host.Runner}, {@link io.stagebench.host.BenchmarkForks})
 * or interleaved with another build's ({@link io.stagebench.host.InterleavedRunner}, {@link
 * io.stagebench.host.PairTurns}), the fork's heap and class archive, the lock on the measuring CPU, the pilot that
 * chooses a batch, and the run's warnings ({@link io.stagebench.host.RunWarnings}: what a run stores and prints).
 *
 * <p>Runs in the launcher. May use {@code result}, {@code probe}, {@code registry}, {@code link} and every layer below;
 * of the fork only its entry point's name ({@link io.stagebench.host.ForkLauncher}).
 */
package io.stagebench.host;
