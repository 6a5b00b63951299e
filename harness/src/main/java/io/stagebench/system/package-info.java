/**
 * The machine, the JVM and the checkout a figure depends on, read best effort: CPU and TSC facts, the measuring CPU's
 * choice, readiness checks, git and its worktrees, the build's own version, and the JIT's activity and compile log that
 * tell whether the measured code was compiled and left alone. Every child process this JVM starts (forks, git, builds)
 * is registered in one place, {@link io.stagebench.system.ChildProcesses}, whose stop ends them.
 *
 * <p>A floor: may use the other floors (stats, text) alone.
 */
package io.stagebench.system;
