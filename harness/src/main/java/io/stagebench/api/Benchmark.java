package io.stagebench.api;

import java.lang.annotation.Documented;
import java.lang.annotation.ElementType;
import java.lang.annotation.Retention;
import java.lang.annotation.RetentionPolicy;
import java.lang.annotation.Target;

/**
 * Marks a class as a stagebench benchmark. The class must be public, have a public no-argument constructor and
 * implement {@link Operation} (or {@link HandoffOperation}); the annotation processor shipped with the harness checks
 * that at compile time and lists the class in {@code META-INF/stagebench/benchmarks.list}, where the runner finds it.
 *
 * <p>A <b>stage</b> benchmark declares one stage (the default: its name) and the runner times each call of
 * {@link Operation#run}. A <b>pipeline</b> benchmark declares several stages and calls {@link Stamps#mark()} at each
 * boundary between them, giving one delta per stage for every message plus the total.
 *
 * <p>A <b>handoff</b> benchmark runs its stages on two pinned threads: it declares {@link #threads()} (a feed and a
 * strategy thread), implements {@link HandoffOperation} instead of {@link Operation}, and names a stage {@code handoff}
 * between the feed's stages and the strategy's: {@code stages = {"parse", "book", "handoff", "decide", "encode"}}.
 *
 * <p>A benchmark declares the {@code --param}s it reads in {@link #params()} (see {@link Parameter}).
 *
 * <pre>{@code
 * @Benchmark(name = "pipeline", stages = {"parse", "book", "decide", "encode"})
 * public final class PipelineBenchmark implements Operation {
 *     public void run(long seq, Stamps stamps, Sink sink) {
 *         parser.parse(...);  stamps.mark();
 *         book.apply(...);    stamps.mark();
 *         sink.consume(strategy.decide(...)); stamps.mark();
 *         sink.consume(encoder.encode(...));
 *     }
 * }
 * }</pre>
 */
@Documented
@Retention(RetentionPolicy.RUNTIME)
@Target(ElementType.TYPE)
public @interface Benchmark {

    /**
     * What a benchmark's and a stage's name may be: a letter or digit, then letters, digits, '.', '-', '_'. A name is a
     * folder and file name of the results ({@code forks/<name>/}), so {@code .}, {@code ..}, a leading dot or dash and
     * {@code /} are refused - by the annotation processor at compile time and again when the benchmark is loaded.
     */
    String NAME_PATTERN = "[A-Za-z0-9][A-Za-z0-9._-]*";

    /** What {@link #NAME_PATTERN} allows, in words, for error messages. */
    String NAME_RULE = "a letter or digit first, then only letters, digits, '.', '-', '_'";

    /** @return the benchmark's name on the command line and in results ({@link #NAME_PATTERN}) */
    String name();

    /** @return the stage names, in order; empty means one stage named after the benchmark */
    String[] stages() default {};

    /**
     * The kinds of message it tells apart, for {@link Stamps#tag(int)}: each stage's messages of one tag get a
     * distribution of their own, series {@code stage[tag]} (the book's {@code book[add]}, the pipeline's
     * {@code decide[order]}), beside the stage's whole distribution. Names follow {@link #NAME_PATTERN}, each declared
     * once, at most {@value TagDeclaration#MAX_TAGS}; {@value TagDeclaration#UNTAGGED} is reserved. A tag's index is
     * its position here.
     *
     * @return the tag names, in index order; empty (the default) for a benchmark that tags nothing
     */
    String[] tags() default {};

    /** @return one line saying what it measures */
    String description() default "";

    /**
     * For a pipeline benchmark: whether each fork also measures the same messages with its inner {@link Stamps#mark()}s
     * disabled (begin and end reads only), so the report can show what the marks themselves cost ({@code total} minus
     * {@code unmarked}). Turn it off for a benchmark whose marks are the measurement rather than instrumentation of it.
     *
     * @return true (the default) to measure the unmarked total too
     */
    boolean unmarkedTotal() default true;

    /**
     * @return whether {@code run} and {@code ab} measure it when no benchmark is named (true, the default); false for a
     *     benchmark that needs more than the measuring CPU and minutes of its own, such as {@code wire}, with its
     *     feeder process: named, it runs as any other
     */
    boolean byDefault() default true;

    /**
     * @return the names of the threads of a {@link HandoffOperation handoff} benchmark, feed first, strategy second;
     *     empty (the default) for a benchmark on one thread
     */
    String[] threads() default {};

    /**
     * @return JVM arguments its code needs in every fork, after the fork's own and the run's {@code --jvm-arg}s (as
     *     JMH's {@code @Fork(jvmArgsAppend = ...)}), e.g. {@code --add-exports=java.base/jdk.internal.misc=ALL-UNNAMED}
     *     for a library that reaches into the JDK
     */
    String[] jvmArgs() default {};

    /**
     * @return every {@code --param} it takes; the launcher refuses any other, and any value out of its declared range,
     *     before it starts a fork
     */
    Parameter[] params() default {};
}
