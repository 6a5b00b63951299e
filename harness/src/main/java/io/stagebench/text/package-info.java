/**
 * Console text every layer may print: {@link io.stagebench.text.Table} renders the columns of
 * the run, diff, clocks, check and crosscheck tables alike.
 *
 * <p>This package imports nothing of stagebench, so any package can depend on it.
 */
package io.stagebench.text;
