package io.stagebench.result;

/**
 * How {@code --batch auto} chose a benchmark's batch, from its pilot fork (the launcher's {@code BatchPilot}).
 *
 * @param batch          the K chosen (1 when the pilot failed, or the probe is already below the target)
 * @param probeNs        the pilot's probe overhead
 * @param perMessageNs   the pilot's per-message p50 the choice used
 * @param probeShare     the probe's share of a K-message interval at those figures
 * @param failure        why there was no pilot figure, or null
 */
public record BatchChoice(int batch, double probeNs, double perMessageNs, double probeShare, String failure) {
}
