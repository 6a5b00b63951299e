package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public method run once per fork before warm-up, outside any measurement; it takes no
 * argument or one {@link BenchmarkParams}. Prepare message streams and pre-touch state here.
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface Setup {
}
