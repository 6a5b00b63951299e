/**
 * The child JVM: everything a measuring fork does, in order ({@link io.stagebench.forked.ForkExecution}) - pin,
 * lock memory, load and read the ruler, set up, warm up until the measured code is compiled, measure in passes the JIT
 * did not change, check (0 B, 0 GC, 0 JIT) and write its result and raw stamps. The measured loops ({@link
 * io.stagebench.forked.MeasureLoop}, {@link io.stagebench.forked.HandoffLoop}) live here and allocate nothing.
 *
 * <p>Reached from the launcher only through {@link io.stagebench.forked.ForkMain}, by name, in a fresh JVM. May use
 * {@code registry}, {@code link}, {@code builtin}, {@code api}, {@code clock}, {@code nativeaccess} and the floors;
 * never the launcher's packages (host, result, store, console, session, extension, cli, report, diff).
 */
package io.stagebench.forked;
