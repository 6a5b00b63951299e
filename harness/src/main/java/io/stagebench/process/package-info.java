/**
 * Child JVMs and their lifetime: {@link io.stagebench.process.JvmFork} starts one as JMH starts its forks, and the two
 * halves of "forks die with their launcher" - {@link io.stagebench.process.LiveForks} in the launcher (its forks are
 * children of {@link io.stagebench.system.ChildProcesses}, the one registry of this JVM's children),
 * {@link io.stagebench.process.LauncherWatch} in the fork.
 *
 * <p>Runs on both sides. May use the floors (stats, system, text).
 */
package io.stagebench.process;
