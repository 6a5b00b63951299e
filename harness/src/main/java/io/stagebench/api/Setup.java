package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public method run on each fresh instance before its warm-up, outside any measurement: once for the fork's warm-up
 * (an instance the fork then tears down unmeasured, so that what a replica measures was set up by compiled code; not
 * with {@code -w 0}) and once for each replica ({@code -r}). It may take, in any order, the fork's
 * {@link BenchmarkParams}, its {@link io.stagebench.clock.Clock} (for benchmarks that read the counter themselves) and
 * its {@link io.stagebench.clock.Calibration} (to turn a duration parameter into ticks). Prepare message streams and
 * pre-touch state here.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Setup {}
