/**
 * The configuration model of a measurement: what a command asked for, checked once and held in one place.
 * {@link io.stagebench.config.RunConfig} is a run's plan, built from {@link io.stagebench.config.MeasureDefaults}
 * (every default of a measuring option, and nowhere else) and validated by its constructor; the value types of the
 * options ({@link io.stagebench.config.Batch}, {@link io.stagebench.config.Rate}, the warm-up) parse and check their
 * own text; a fork's spec is a projection of the plan ({@link io.stagebench.config.RunConfig#forkSpec}). A bad value is
 * a {@link io.stagebench.config.UsageException} (exit code 2): the command line maps it to a usage error, and every
 * layer that reads a user's input throws it the same way.
 *
 * <p>Runs in the launcher. May use {@code link}, {@code clock} and the layers below; the fork never sees it, it
 * receives the spec.
 */
package io.stagebench.config;
