package io.stagebench.stages.jmh;

import io.stagebench.extension.Harness;
import java.util.concurrent.TimeUnit;
import org.openjdk.jmh.annotations.BenchmarkMode;
import org.openjdk.jmh.annotations.Fork;
import org.openjdk.jmh.annotations.Level;
import org.openjdk.jmh.annotations.Measurement;
import org.openjdk.jmh.annotations.Mode;
import org.openjdk.jmh.annotations.OutputTimeUnit;
import org.openjdk.jmh.annotations.Param;
import org.openjdk.jmh.annotations.Scope;
import org.openjdk.jmh.annotations.Setup;
import org.openjdk.jmh.annotations.State;
import org.openjdk.jmh.annotations.TearDown;
import org.openjdk.jmh.annotations.Warmup;

/**
 * The header every JMH twin of a reference stage shares, written once: thread-scoped state, AverageTime and SampleTime
 * in ns, forks started with stagebench's native access, heap, pre-touch, huge pages, collector and foreground
 * compilation ({@link Harness#SHARED_FORK_FLAGS}; the command starts them with address randomisation off, as
 * stagebench's are), the stream's length and seed as parameters, the benchmark thread pinned before each iteration
 * ({@link MeasuringThread}) and the core's state timed around it ({@link CoreLoopProfiler}).
 *
 * <p>JMH reads these class annotations, {@code @Param} fields and {@code @Setup} methods through the class hierarchy,
 * so a subclass declares only its own state, its trial-level setup and its {@code @Benchmark} methods.
 *
 * <p>Not final, nor are its subclasses: JMH generates a subclass of every {@code @State} class.
 */
@State(Scope.Thread)
@BenchmarkMode({Mode.AverageTime, Mode.SampleTime})
@OutputTimeUnit(TimeUnit.NANOSECONDS)
@Fork(
        value = JmhForks.FORKS,
        jvmArgsAppend = {
            Harness.NATIVE_ACCESS_FLAG,
            JmhForks.UNSAFE_ACCESS,
            Harness.HEAP_MIN_FLAG,
            Harness.HEAP_MAX_FLAG,
            Harness.PRE_TOUCH_FLAG,
            Harness.HUGE_PAGES_FLAG,
            Harness.GC_FLAG,
            Harness.FOREGROUND_COMPILE_FLAG
        })
@Warmup(iterations = JmhForks.ITERATIONS, time = 1)
@Measurement(iterations = JmhForks.ITERATIONS, time = 1)
public abstract class StageJmh {

    /** Stream length; stagebench's side gets the same as {@code --param messages}. */
    @Param({"2000000"})
    public int messages;

    /** Generator seed, as stagebench's {@code --param seed}. */
    @Param({"20261130"})
    public long seed;

    /** The issue-bound loop timed before this iteration ({@link CoreLoopProfiler}), ns an iteration. */
    private double coreLoopBeforeNs;

    /** Pins the benchmark thread and times the core's state on it, outside JMH's measurement. */
    @Setup(Level.Iteration)
    public void pin() {
        MeasuringThread.pin();
        coreLoopBeforeNs = CoreLoopProfiler.beforeIteration();
    }

    /** Times the core's state again right after the iteration, outside JMH's measurement ({@link CoreLoopProfiler}). */
    @TearDown(Level.Iteration)
    public void timeCore() {
        CoreLoopProfiler.afterIteration(coreLoopBeforeNs);
    }
}
