/**
 * File writing and terminal output every layer may use: {@link io.stagebench.io.AtomicFiles} writes a file so that a
 * reader sees the old content or the complete new one, never half of it. The forks write their results with it, the
 * store its runs, the commands their documents. {@link io.stagebench.io.Terminal} says whether output goes to an
 * interactive terminal, and so whether progress is redrawn in place and warnings are coloured.
 *
 * <p>This package imports nothing of stagebench, so any package can depend on it.
 */
package io.stagebench.io;
