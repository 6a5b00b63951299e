package io.stagebench.nativeaccess;

import java.lang.foreign.Arena;
import java.lang.foreign.FunctionDescriptor;
import java.lang.foreign.Linker;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;
import java.lang.invoke.MethodHandle;

/**
 * {@code clock_gettime(CLOCK_REALTIME)} through FFM: the clock the kernel's software socket timestamps are read from
 * ({@code SOF_TIMESTAMPING_SOFTWARE}), in nanoseconds since the epoch. One reader per thread: each owns its
 * {@code struct timespec}, so a read allocates nothing.
 *
 * <p>IMPLEMENTATION NOTE: a critical downcall, as the counter's: on Linux the call is the vDSO's, a few loads of the
 * kernel's clock page, so it neither blocks nor touches the Java heap; the bracket of counter reads around it is then
 * the call and not a thread-state transition.
 */
public final class RealtimeClock {

    /** {@code CLOCK_REALTIME} in {@code <time.h>}. */
    private static final int CLOCK_REALTIME = 0;

    private static final MethodHandle CLOCK_GETTIME = Linker.nativeLinker()
            .downcallHandle(
                    Linker.nativeLinker().defaultLookup().findOrThrow("clock_gettime"),
                    FunctionDescriptor.of(ValueLayout.JAVA_INT, ValueLayout.JAVA_INT, ValueLayout.ADDRESS),
                    Linker.Option.critical(false));

    private final MemorySegment timespec = Arena.ofAuto().allocate(16, 8);

    /** @return CLOCK_REALTIME now, ns since the epoch */
    public long nowNs() {
        try {
            int rc = (int) CLOCK_GETTIME.invokeExact(CLOCK_REALTIME, timespec);
            if (rc != 0) {
                throw new IllegalStateException("clock_gettime(CLOCK_REALTIME) failed");
            }
        } catch (RuntimeException | Error e) {
            throw e;
        } catch (Throwable t) {
            throw new AssertionError("clock_gettime cannot throw", t);
        }
        return timespec.get(ValueLayout.JAVA_LONG, 0) * 1_000_000_000L + timespec.get(ValueLayout.JAVA_LONG, 8);
    }
}
