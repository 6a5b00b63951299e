/**
 * The ruler: a {@link io.stagebench.clock.Clock} of counter ticks and what is measured about it - its
 * {@link io.stagebench.clock.Calibration} against CLOCK_MONOTONIC, its step ({@link io.stagebench.clock.CounterStep},
 * {@link io.stagebench.clock.CounterResolution}) and the {@link io.stagebench.clock.ProbeOverhead} of a fenced pair of
 * reads - so that no figure is quoted finer than the ruler that took it - and the state of the measuring core the ruler
 * met ({@link io.stagebench.clock.CoreLoop}), which stagebench's forks and {@code crosscheck}'s JMH forks both time.
 *
 * <p>Runs on both sides. May use its own layer ({@code api}, {@code nativeaccess}) without a cycle, and the layers
 * below it: {@code process}, {@code json}, {@code io}, then the floors (stats, system, text).
 */
package io.stagebench.clock;
