package io.stagebench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A fast-tier test that measures inside the test's JVM (in-process forks, a measured loop on the measuring CPU): it
 * runs alone, with no other test of the parallel tier beside it, because what it checks - no allocation, no GC, no JIT
 * compilation while it measured, a ruler within its tolerance - counts the whole JVM's collections and compilations and
 * shares the measuring CPU. Every other fast test runs in parallel with its neighbours.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(MeasuresInProcess.TAG)
@ResourceLock(Resources.GLOBAL)
public @interface MeasuresInProcess {

    /** Its JUnit tag, for running these alone ({@code -Dgroups=measures}). */
    String TAG = "measures";
}
