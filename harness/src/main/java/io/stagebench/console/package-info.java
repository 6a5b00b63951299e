/**
 * The console report of a run ({@link io.stagebench.console.RunReport}): the ruler's lines, one table per
 * benchmark, the spread and plan lines, and every warning with its remedy.
 *
 * <p>The launcher's side. May use {@code store} and every layer below it.
 */
package io.stagebench.console;
