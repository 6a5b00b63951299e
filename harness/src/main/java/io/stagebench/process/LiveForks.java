package io.stagebench.process;

import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The launcher's half of "forks die with their launcher": every fork this JVM starts is
 * registered here, and so is every run folder being measured, and one shutdown hook - run on
 * SIGTERM (a cancelled CI job), SIGINT (Ctrl-C) or any exit - kills the forks still alive and
 * names the run folders left without a {@code summary.json}. (SIGKILL runs no hook: then each
 * fork's {@link LauncherWatch} stops it.)
 *
 * <p>Once stopping, no fork is started and no run is stored: in the launcher a thread that
 * would do either waits for the JVM to halt, so a stopped run is never stored as if it were
 * complete and no fork outlives the hook.
 */
public final class LiveForks {

    /** How long {@link #stop} waits for a killed fork to be gone. */
    static final long KILL_WAIT_MS = 2_000;

    private static final LiveForks LAUNCHER = new LiveForks(true);

    private final boolean waitForHalt;
    private final Set<Process> forks = new LinkedHashSet<>();
    private final Set<Path> incomplete = new LinkedHashSet<>();
    private boolean stopping;
    private boolean hooked;

    /**
     * @param waitForHalt true in the launcher: a start or store asked for while stopping waits for
     *                    the JVM to halt; false (tests): it is refused with an exception
     */
    LiveForks(boolean waitForHalt) {
        this.waitForHalt = waitForHalt;
    }

    /** @return this JVM's registry, whose {@link #stop} runs as a shutdown hook once anything is registered */
    public static LiveForks launcher() {
        return LAUNCHER;
    }

    /** Starts a fork and registers it. */
    synchronized Process start(ProcessBuilder builder) throws IOException {
        if (stopping) {
            refuse();
            throw new IOException("stagebench is stopping: no fork is started");
        }
        hook();
        Process fork = builder.start();
        forks.add(fork);
        return fork;
    }

    /** A fork that ended (or was killed at its timeout) is no longer this registry's to kill. */
    synchronized void ended(Process fork) {
        forks.remove(fork);
    }

    /** A run folder is being measured: until {@link #runStored} it is named if the launcher stops. */
    public synchronized void runStarted(Path runDir) {
        hook();
        incomplete.add(runDir);
    }

    /**
     * A run's {@code summary.json} is about to be written.
     *
     * @throws IllegalStateException when stopping (the launcher waits for the halt instead)
     */
    public synchronized void runStored(Path runDir) {
        if (stopping) {
            refuse();
            throw new IllegalStateException("stagebench is stopping: run " + runDir + " is not stored");
        }
        incomplete.remove(runDir);
    }

    /**
     * The command returned, whatever its exit code: it has said in its own line what went wrong,
     * so the exit that follows is not a stop, and no run folder is named as left by one.
     */
    public synchronized void commandEnded() {
        incomplete.clear();
    }

    /**
     * What the shutdown hook does: stops new forks and stores, kills every registered fork and
     * its descendants, waits for them, and says what was killed and which run folders are left
     * incomplete.
     *
     * @return the forks killed
     */
    int stop(PrintStream err) {
        List<Process> killed;
        List<Path> left;
        synchronized (this) {
            stopping = true;
            killed = new ArrayList<>(forks);
            left = new ArrayList<>(incomplete);
        }
        for (Process fork : killed) {
            fork.descendants().forEach(ProcessHandle::destroyForcibly);
            fork.destroyForcibly();
        }
        for (Process fork : killed) {
            try {
                fork.waitFor(KILL_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                break;
            }
        }
        if (!killed.isEmpty()) {
            err.println("stagebench: stopping: killed " + killed.size() + " running fork(s) (pid "
                    + String.join(", ", killed.stream().map(p -> Long.toString(p.pid())).toList()) + ")");
        }
        for (Path dir : left) {
            err.println("stagebench: stopping: run folder " + dir + " is left incomplete (no summary.json; diff, report"
                    + " and history skip it): delete it, or keep it for its forks' files");
        }
        err.flush();
        return killed.size();
    }

    private void hook() {
        if (waitForHalt && !hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(System.err), "stagebench-stop-forks"));
            hooked = true;
        }
    }

    /** In the launcher, a thread that must not go on while the JVM stops waits here for the halt. */
    private void refuse() {
        if (!waitForHalt) {
            return;
        }
        while (true) {
            try {
                wait();
            } catch (InterruptedException e) {
                // keep waiting: the JVM halts once its shutdown hooks are done
            }
        }
    }
}
