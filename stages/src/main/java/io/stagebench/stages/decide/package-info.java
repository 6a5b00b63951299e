/**
 * The decide stage: {@link io.stagebench.stages.decide.ImbalanceStrategy}, a deterministic top-of-book imbalance
 * strategy with a position limit and a throttle, writing into a reused {@link io.stagebench.stages.decide.Decision}.
 * The system property {@code stagebench.decide.extraSpins} injects a known slowdown for A/B tests.
 */
package io.stagebench.stages.decide;
