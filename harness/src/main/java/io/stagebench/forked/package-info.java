/**
 * The child JVM: everything a measuring fork does, in order ({@link io.stagebench.forked.ForkExecution}) - pin, lock
 * memory, load and read the ruler ({@link io.stagebench.forked.RulerReading}); then, for each replica
 * ({@link io.stagebench.forked.ReplicaExecution}), set up, warm up until the measured code is compiled, measure in
 * passes the JIT did not change ({@link io.stagebench.forked.KeptPass}), check (0 B, 0 GC, 0 JIT:
 * {@link io.stagebench.forked.PassChecks}) and write its raw stamps, in the launcher's turns when it hands them out
 * ({@link io.stagebench.forked.ForkTurns}); last, write the fork's result. The measured loops
 * ({@link io.stagebench.forked.MeasureLoop}, {@link io.stagebench.forked.HandoffLoop}) live here and allocate nothing.
 *
 * <p>Reached from the launcher only through {@link io.stagebench.forked.ForkMain}, by name, in a fresh JVM. May use
 * {@code registry}, {@code link}, {@code builtin}, {@code api}, {@code clock}, {@code nativeaccess} and the floors;
 * never the launcher's packages (host, result, store, console, session, extension, cli, report, diff).
 */
package io.stagebench.forked;
