/**
 * The encode stage: {@link io.stagebench.stages.ouch.OuchEncoder} writes NASDAQ OUCH 4.2 Enter Order messages
 * ({@link io.stagebench.stages.ouch.OuchLayout.EnterOrder}, 49 bytes) into a preallocated buffer, with order tokens
 * made without allocation.
 */
package io.stagebench.stages.ouch;
