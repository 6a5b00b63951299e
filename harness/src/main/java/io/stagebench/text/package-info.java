/**
 * Console text every layer of the harness, and every command a module contributes, may print:
 * {@link io.stagebench.text.Table} renders the columns of the run, diff, clocks, check and crosscheck tables alike, so
 * a contributed command's table aligns, pads and overflows as the harness's own do.
 *
 * <p>This package imports nothing of stagebench, so any package can depend on it.
 */
package io.stagebench.text;
