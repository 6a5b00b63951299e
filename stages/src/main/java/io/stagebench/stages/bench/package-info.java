/**
 * The reference stages as stagebench benchmarks, written against the harness API exactly as a user writes their own:
 * {@code parse}, {@code book}, {@code decide} and {@code encode} alone, and {@code pipeline} with a stamp at each stage
 * boundary.
 *
 * <p>Isolated stages whose input must come from earlier stages ({@code book}, {@code decide}) do that work first and
 * call {@link io.stagebench.api.Stamps#restart()} so only their own stage is timed; {@code encode} replays decisions
 * captured in setup.
 */
package io.stagebench.stages.bench;
