package io.stagebench.nativeaccess;

import com.sun.jna.Native;
import com.sun.jna.NativeLibrary;
import io.stagebench.clock.Clock;
import io.stagebench.clock.ClockBinding;

/**
 * The same counter reads as {@link FfmClock} through JNA direct mapping.
 *
 * <p>Kept for comparison, not for measuring: each call pays JNA's native transition (several times the C floor), which
 * {@code stagebench clocks} shows side by side with the FFM binding (docs/decisions.md, "Clock binding").
 */
public final class JnaClock implements Clock {

    static {
        Native.register(
                JnaClock.class,
                NativeLibrary.getInstance(NativeLibraryFile.path().toString()));
    }

    private static native long sb_tsc_begin();

    private static native long sb_tsc_end();

    private static native long sb_tsc_raw();

    @Override
    public long begin() {
        return sb_tsc_begin();
    }

    @Override
    public long end() {
        return sb_tsc_end();
    }

    @Override
    public long raw() {
        return sb_tsc_raw();
    }

    @Override
    public ClockBinding binding() {
        return ClockBinding.JNA;
    }
}
