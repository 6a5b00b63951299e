package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public static method, taking {@link BenchmarkParams}, that checks what the benchmark derives from its parameters
 * and message counts - a stream sized from warm-up and measured messages, say - and throws
 * {@link IllegalArgumentException} with one line naming the limit when a value is out of range.
 *
 * <p>Why: {@code @Parameter} ranges check each {@code --param} alone, but a valid {@code -n} can still make a benchmark
 * derive something it cannot hold. The launcher calls these methods before it creates a run folder or starts a fork
 * (exit 2, nothing stored), with the parameters the forks will get ({@link BenchmarkParams#fork()} 1, layout offset 0);
 * a fork started some other way finds the same problem in setup.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface CheckParams {}
