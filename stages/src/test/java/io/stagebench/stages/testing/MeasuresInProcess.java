package io.stagebench.stages.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A fast-tier test that measures in the test's JVM, as the harness's {@code io.stagebench.testing.MeasuresInProcess}:
 * it runs with no other test beside it.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("measures")
@ResourceLock(Resources.GLOBAL)
public @interface MeasuresInProcess {}
