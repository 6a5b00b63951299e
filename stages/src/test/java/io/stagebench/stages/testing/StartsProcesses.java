package io.stagebench.stages.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test of the slow tier, as the harness's {@code io.stagebench.testing.StartsProcesses}: it starts processes of its
 * own (forks, a JMH run). {@code mvn test} leaves it out; {@code mvn verify} runs it with failsafe, one at a time. (The
 * stages' tests cannot see the harness's test classes: those carry benchmarks of their own that the stages' registry
 * must not list.)
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag("processes")
@ResourceLock(Resources.GLOBAL)
public @interface StartsProcesses {}
