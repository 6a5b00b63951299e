package io.stagebench.nativeaccess;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The physical floor, measured entirely in C: the minimum fenced probe overhead and the raw counter step, with no
 * managed runtime between the reads. The Java bindings are compared against these figures measured in the same process.
 *
 * <p>Plain (non-critical) downcalls: the loops run for milliseconds and must not hold off safepoints.
 */
public final class NativeFloor {

    private static final MethodHandle PROBE_FLOOR;
    private static final MethodHandle STEP_FLOOR;
    private static final MethodHandle COUNTER_HZ;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup library = SymbolLookup.libraryLookup(NativeLibraryFile.path(), Arena.global());
        FunctionDescriptor longOfLong = FunctionDescriptor.of(ValueLayout.JAVA_LONG, ValueLayout.JAVA_LONG);
        PROBE_FLOOR = linker.downcallHandle(library.findOrThrow("sb_probe_floor_ticks"), longOfLong);
        STEP_FLOOR = linker.downcallHandle(library.findOrThrow("sb_step_floor_ticks"), longOfLong);
        COUNTER_HZ = linker.downcallHandle(
                library.findOrThrow("sb_counter_hz"), FunctionDescriptor.of(ValueLayout.JAVA_LONG));
    }

    private NativeFloor() {}

    /** @return the minimum of {@code iterations} back-to-back fenced begin/end pairs, in ticks */
    public static long probeOverheadTicks(long iterations) {
        try {
            return (long) PROBE_FLOOR.invokeExact(iterations);
        } catch (Throwable t) {
            throw new IllegalStateException("sb_probe_floor_ticks failed", t);
        }
    }

    /** @return the smallest non-zero gap between back-to-back raw reads over {@code pairs}, in ticks */
    public static long stepTicks(long pairs) {
        try {
            return (long) STEP_FLOOR.invokeExact(pairs);
        } catch (Throwable t) {
            throw new IllegalStateException("sb_step_floor_ticks failed", t);
        }
    }

    /**
     * @return the counter frequency the architecture declares (aarch64 {@code cntfrq_el0}), or 0 where it declares none
     *     (x86-64: calibrate instead)
     */
    public static long declaredCounterHz() {
        try {
            return (long) COUNTER_HZ.invokeExact();
        } catch (Throwable t) {
            throw new IllegalStateException("sb_counter_hz failed", t);
        }
    }
}
