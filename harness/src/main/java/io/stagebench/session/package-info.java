/**
 * What every measuring command does around its forks, done one way: the measuring CPU and this JVM kept off it, the
 * options every such command has, the run folder and the environment captured before measuring, and the complete run
 * stored. The harness's own commands use it directly; a contributed command, through {@link io.stagebench.extension}.
 */
package io.stagebench.session;
