/**
 * The operating system and the counter, reached natively: CPU affinity and memory locking through libc
 * ({@link io.stagebench.nativeaccess.Affinity}), the clock bindings into {@code libstagebench}
 * ({@link io.stagebench.nativeaccess.FfmClock}, {@link io.stagebench.nativeaccess.JnaClock}) and their loader, which
 * falls back to {@code System.nanoTime()} with a warning, never silently.
 *
 * <p>Runs on both sides. May use {@code clock} and the layers below it.
 */
package io.stagebench.nativeaccess;
