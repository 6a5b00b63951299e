package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * A public method run on each instance a {@link Setup} method set up, after its last pass; it takes the same parameters
 * as a {@link Setup} method. Check invariants here (a tear-down that throws fails the fork).
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.METHOD)
public @interface TearDown {}
