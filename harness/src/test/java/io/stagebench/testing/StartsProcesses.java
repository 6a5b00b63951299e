package io.stagebench.testing;

import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;
import org.junit.jupiter.api.Tag;
import org.junit.jupiter.api.parallel.ResourceLock;
import org.junit.jupiter.api.parallel.Resources;

/**
 * A test of the slow tier: it starts processes of its own - a JVM (a fork, a launcher, a build), git, javac, a browser,
 * a linter. {@code mvn test} leaves it out (surefire excludes the tag {@value #TAG}); {@code mvn verify} runs it
 * afterwards, with failsafe, one test at a time, since most of these measure on the measuring CPU. Put it on the class
 * when every test of the class does, else on each such test.
 */
@Target({ElementType.TYPE, ElementType.METHOD})
@Retention(RetentionPolicy.RUNTIME)
@Tag(StartsProcesses.TAG)
@ResourceLock(Resources.GLOBAL)
public @interface StartsProcesses {

    /** The JUnit tag both plugins select on. */
    String TAG = "processes";
}
