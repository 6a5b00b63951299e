/**
 * The benchmarks every build has: the rulers ({@code spin}, {@code empty}) that check the clock and the probe overhead
 * against what they are known to cost, the platform's {@code jitter}, and a {@code service} of known length. Written
 * against {@code api} like any user's benchmark.
 *
 * <p>Runs in the fork. May use {@code api}, {@code clock} and the floors below them.
 */
package io.stagebench.builtin;
