package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * One {@code --param NAME=VALUE} a benchmark takes, declared in {@link Benchmark#params()} so that the launcher checks
 * every {@code --param} before it starts a fork - an unknown name or a value out of range is one line listing the valid
 * ones, and exit 2 - and {@code stagebench run --list} shows it. The benchmark still reads the value itself, in its
 * {@link Setup}, through {@link BenchmarkParams}, with the same default.
 *
 * <pre>{@code
 * @Benchmark(name = "spin", params = @Parameter(name = "ticks", min = 0, max = RecordingStamps.MAX_DELTA_TICKS,
 *         defaultValue = "" + SpinBenchmark.DEFAULT_TICKS, description = "spin length in counter ticks"))
 * }</pre>
 *
 * <p>The annotation processor checks each declaration at compile time: a valid, unique name, {@code min <= max}, a
 * default that is itself valid, allowed values only for {@link Type#TEXT}.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target({})
public @interface Parameter {

    /** What a value may be. */
    enum Type {
        /** A whole number in [{@link #min()}, {@link #max()}]; {@code _} may separate digits. */
        LONG,
        /** Text: one of {@link #values()}, or anything when none are listed. */
        TEXT
    }

    /** @return the name after {@code --param}: a letter, then letters, digits, '.', '-', '_' */
    String name();

    /** @return what a value may be */
    Type type() default Type.LONG;

    /** @return the value used when none is given; empty when the benchmark computes it (say how in the description) */
    String defaultValue() default "";

    /** @return the smallest value accepted ({@link Type#LONG} only) */
    long min() default Long.MIN_VALUE;

    /** @return the largest value accepted ({@link Type#LONG} only) */
    long max() default Long.MAX_VALUE;

    /** @return the values accepted ({@link Type#TEXT} only); empty accepts any text */
    String[] values() default {};

    /** @return one line saying what it changes, with its unit */
    String description() default "";
}
