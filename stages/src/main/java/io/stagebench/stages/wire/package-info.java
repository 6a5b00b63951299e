/**
 * The pipeline's socket path: UDP through FFM with the kernel's receive and transmit timestamps
 * ({@link io.stagebench.stages.wire.UdpSocket}), the feeder process that plays the exchange
 * ({@link io.stagebench.stages.wire.WireFeeder}), and the measured process's end of the link
 * ({@link io.stagebench.stages.wire.WireLink}), on loopback or through a veth pair into a network namespace. The
 * {@code wire} benchmark ({@link io.stagebench.stages.bench.WireBenchmark}) runs on them.
 */
package io.stagebench.stages.wire;
