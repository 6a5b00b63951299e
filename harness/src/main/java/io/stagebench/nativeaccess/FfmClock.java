package io.stagebench.nativeaccess;

import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;
import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.SymbolLookup;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * The default clock: FFM downcalls into {@code libstagebench} with {@code Linker.Option.critical(false)}.
 *
 * <p>IMPLEMENTATION NOTES:
 *
 * <ul>
 *   <li>The handles are {@code static final} so the JIT treats them as constants and inlines the downcall stub into the
 *       caller; an instance field would not be trusted.
 *   <li>A critical downcall skips the Java-to-native thread-state transition, which is most of the cost of a plain
 *       downcall. It is safe here because the callee is a few instructions that never block, call back or touch the
 *       heap.
 *   <li>Class initialisation fails (with the reason) when the library cannot be loaded; {@link ClockLoader} catches
 *       that and falls back to {@code nanotime}.
 * </ul>
 */
public final class FfmClock implements Clock {

    private static final MethodHandle BEGIN;
    private static final MethodHandle END;
    private static final MethodHandle RAW;

    static {
        Linker linker = Linker.nativeLinker();
        SymbolLookup library = SymbolLookup.libraryLookup(NativeLibraryFile.path(), Arena.global());
        FunctionDescriptor returnsLong = FunctionDescriptor.of(ValueLayout.JAVA_LONG);
        Linker.Option critical = Linker.Option.critical(false);
        BEGIN = linker.downcallHandle(library.findOrThrow("sb_tsc_begin"), returnsLong, critical);
        END = linker.downcallHandle(library.findOrThrow("sb_tsc_end"), returnsLong, critical);
        RAW = linker.downcallHandle(library.findOrThrow("sb_tsc_raw"), returnsLong, critical);
    }

    @Override
    public long begin() {
        try {
            return (long) BEGIN.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError("sb_tsc_begin cannot throw", t);
        }
    }

    @Override
    public long end() {
        try {
            return (long) END.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError("sb_tsc_end cannot throw", t);
        }
    }

    @Override
    public long raw() {
        try {
            return (long) RAW.invokeExact();
        } catch (Throwable t) {
            throw new AssertionError("sb_tsc_raw cannot throw", t);
        }
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.FFM;
    }
}
