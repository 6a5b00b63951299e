package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public method that puts the benchmark back to the state its {@link Setup} left: the message cursor at the start of
 * the stream, books and strategies as they were. It takes no argument, or the same ones as {@link Setup}.
 *
 * <p>Why: the runner warms a benchmark that declares a reset up on the very messages it then measures (each warm-up
 * pass is a replay, each replay starts with a reset), so every branch the measured messages take has been taken,
 * profiled and compiled before the first measured call. Without a reset, warm-up runs the messages before the measured
 * ones, and a branch only the measured ones reach is compiled - or deoptimised - while the fork measures.
 *
 * <p>Runs outside any measurement; it may allocate. It must be deterministic: a reset that leaves different state each
 * time makes the replay, and the warm-up, a different workload.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Reset {}
