/**
 * What {@code stagebench clocks} runs: {@link io.stagebench.probe.ClockProbe} measures one clock binding the way a
 * measuring fork does (pin, load through {@code nativeaccess}, calibrate, counter step, probe overhead, the C floor),
 * {@link io.stagebench.probe.ClockProbeMain} is the entry point of the JVM it runs in, and
 * {@link io.stagebench.probe.ClocksReport} renders the bindings side by side.
 *
 * <p>It sits above both {@code clock} (the measuring primitives) and {@code nativeaccess} (the bindings, which
 * implement {@code clock}'s interface), so neither of those imports the other's caller.
 */
package io.stagebench.probe;
