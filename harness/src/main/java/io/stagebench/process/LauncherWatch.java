package io.stagebench.process;

import java.util.Optional;

/**
 * The fork's half of "forks die with their launcher": a daemon thread that looks every {@value #POLL_MS} ms whether the
 * launcher - the JVM that started this fork, named by the {@value #PID_PROPERTY} system property {@link JvmFork} puts
 * on every fork's command line - is still alive, and halts the fork when it is not. A launcher killed with SIGKILL runs
 * no shutdown hook, so only the fork can notice; without this its fork would go on measuring, pinned to the measuring
 * CPU, with no one to enforce its timeout.
 *
 * <p>IMPLEMENTATION NOTES: {@link #start()} is called on the fork's main thread before that thread pins itself, so the
 * watch thread keeps the service CPUs the fork was started on and never runs on the measuring CPU. It allocates nothing
 * per look but what {@link ProcessHandle#isAlive()} does, wakes five times a second, and touches nothing the measured
 * loop uses.
 */
public final class LauncherWatch {

    /** System property carrying the launcher's pid; also marks a fork's command line. */
    public static final String PID_PROPERTY = "stagebench.launcher.pid";
    /** How often the launcher is looked at. */
    public static final long POLL_MS = 200;
    /** Exit status of a fork that stopped because its launcher was gone. */
    public static final int EXIT_LAUNCHER_GONE = 3;

    private LauncherWatch() {}

    /** @return the JVM flag that names this JVM as a fork's launcher */
    public static String launcherFlag() {
        return "-D" + PID_PROPERTY + "=" + ProcessHandle.current().pid();
    }

    /**
     * Starts watching the launcher named by {@value #PID_PROPERTY}; does nothing in a JVM started without it (a fork
     * run by hand). Halts at once when the launcher is already gone - when this JVM's parent is no longer the launcher,
     * it was re-parented because the launcher died.
     */
    public static void start() {
        String property = System.getProperty(PID_PROPERTY);
        if (property == null) {
            return;
        }
        long launcherPid = Long.parseLong(property.trim());
        Optional<ProcessHandle> parent = ProcessHandle.current().parent();
        if (parent.isEmpty()
                || parent.get().pid() != launcherPid
                || !parent.get().isAlive()) {
            stop(launcherPid);
            return;
        }
        ProcessHandle launcher = parent.get();
        Thread watch = new Thread(
                () -> {
                    while (launcher.isAlive()) {
                        try {
                            Thread.sleep(POLL_MS);
                        } catch (InterruptedException e) {
                            return;
                        }
                    }
                    stop(launcherPid);
                },
                "stagebench-launcher-watch");
        watch.setDaemon(true);
        watch.start();
    }

    private static void stop(long launcherPid) {
        System.err.println("[fork] the launcher (pid " + launcherPid + ") is gone: stopping this fork");
        System.err.flush();
        Runtime.getRuntime().halt(EXIT_LAUNCHER_GONE);
    }
}
