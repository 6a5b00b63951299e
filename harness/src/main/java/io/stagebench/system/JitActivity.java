package io.stagebench.system;

import com.sun.management.HotSpotDiagnosticMXBean;
import java.lang.invoke.MethodHandle;
import java.lang.invoke.MethodHandles;
import java.lang.invoke.MethodType;
import java.lang.management.CompilationMXBean;
import java.lang.management.ManagementFactory;

/**
 * Counts JIT compilations, to tell whether the compiler was still at work while the fork measured (a compilation in
 * progress can deoptimise and swap the measured code).
 *
 * <p>HotSpot's exact count comes from {@code sun.management.HotspotCompilationMBean}, which forks reach with
 * {@code --add-exports java.management/sun.management=ALL-UNNAMED}; without it the count falls back to whether
 * {@link CompilationMXBean}'s total compilation time (milliseconds, so short compilations may not show) moved.
 */
public final class JitActivity {

    private final MethodHandle totalCompiles;
    private final CompilationMXBean compilation = ManagementFactory.getCompilationMXBean();

    public JitActivity() {
        MethodHandle handle = null;
        try {
            Class<?> helper = Class.forName("sun.management.ManagementFactoryHelper");
            Object bean = helper.getMethod("getHotspotCompilationMBean").invoke(null);
            Class<?> beanType = Class.forName("sun.management.HotspotCompilationMBean");
            handle = MethodHandles.lookup()
                    .findVirtual(beanType, "getTotalCompileCount", MethodType.methodType(long.class))
                    .bindTo(bean);
            long ignored = (long) handle.invokeExact();
        } catch (Throwable e) {
            handle = null;
        }
        totalCompiles = handle;
    }

    /** Calls {@link #prime()} makes: past the JIT's default tier-4 invocation threshold (5000). */
    private static final int PRIME_CALLS = 6_000;
    /**
     * Polling period of {@link #awaitQuiet}: few calls per wait, so the polling itself rarely reaches a compile
     * threshold.
     */
    private static final long POLL_MS = 20;

    /**
     * Calls {@link #read()} often enough that the JIT compiles it fully now: otherwise the harness's own waits between
     * passes reach its compile thresholds late, and count as compilations during a pass.
     */
    public void prime() {
        long sum = 0;
        for (int i = 0; i < PRIME_CALLS; i++) {
            sum += read();
        }
        if (sum == Long.MIN_VALUE) {
            Thread.onSpinWait();
        }
    }

    /** Whether compiles block the thread that asked for them: {@code -Xbatch}, {@code -XX:-BackgroundCompilation}. */
    private static final boolean FOREGROUND = readForeground();

    /** @return whether compiles block the thread that asked for them ({@code -Xbatch}): none is ever left queued */
    public static boolean foreground() {
        return FOREGROUND;
    }

    private static boolean readForeground() {
        try {
            return "false"
                    .equals(ManagementFactory.getPlatformMXBean(HotSpotDiagnosticMXBean.class)
                            .getVMOption("BackgroundCompilation")
                            .getValue());
        } catch (RuntimeException | LinkageError e) {
            return false;
        }
    }

    /**
     * Quiet time {@link #settle()} waits for: one poll, as a fork's compiles are its measuring thread's own (-Xbatch).
     */
    private static final long SETTLE_QUIET_MS = POLL_MS;

    /**
     * Waits for the compiler to go quiet (see {@link #awaitQuiet}), ignoring interruption's detail; returns at once
     * when this JVM compiles in the foreground ({@code -Xbatch}): a thread that asked for a compile got its code before
     * it went on, so there is nothing queued to wait for.
     */
    public void settle() {
        if (FOREGROUND) {
            return;
        }
        try {
            awaitQuiet(SETTLE_QUIET_MS, 2_000);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        }
    }

    /**
     * Waits until no compilation has finished for {@code quietMs}, at most {@code maxMs}: compilations queued during
     * warm-up otherwise complete during measurement and replace the code being measured.
     *
     * @return true when the compiler went quiet in time
     */
    public boolean awaitQuiet(long quietMs, long maxMs) throws InterruptedException {
        long deadline = System.nanoTime() + maxMs * 1_000_000L;
        long last = read();
        long quietSince = System.nanoTime();
        while (System.nanoTime() < deadline) {
            Thread.sleep(POLL_MS);
            long now = read();
            if (now != last) {
                last = now;
                quietSince = System.nanoTime();
            } else if (System.nanoTime() - quietSince >= quietMs * 1_000_000L) {
                return true;
            }
        }
        return false;
    }

    /** @return true when compilations are counted exactly */
    public boolean exact() {
        return totalCompiles != null;
    }

    /** @return a monotonically increasing reading: compile count, or compilation ms when not exact */
    public long read() {
        if (totalCompiles != null) {
            try {
                return (long) totalCompiles.invokeExact();
            } catch (Throwable e) {
                return -1;
            }
        }
        return compilation != null && compilation.isCompilationTimeMonitoringSupported()
                ? compilation.getTotalCompilationTime()
                : -1;
    }
}
