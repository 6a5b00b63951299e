package io.stagebench.process;

import io.stagebench.system.ChildProcesses;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.TimeUnit;

/**
 * The launcher's half of "forks die with their launcher": every fork this JVM starts is registered here (a child of
 * {@link ChildProcesses}, which ends every child this JVM starts), and so is every run folder being measured, and one
 * shutdown hook - run on SIGTERM (a cancelled CI job), SIGINT (Ctrl-C) or any exit - kills the children still alive and
 * names the run folders left without a {@code summary.json}. (SIGKILL runs no hook: then each fork's
 * {@link LauncherWatch} stops it.)
 *
 * <p>Once stopping, no fork is started and no run is stored: in the launcher a thread that would do either waits for
 * the JVM to halt, so a stopped run is never stored as if it were complete and no fork outlives the hook. A command
 * that can keep what its finished forks measured says so ({@link #keepOnStop}): its thread is then told of the stop by
 * a {@link Stopped} instead of waiting, stores the run marked as stopped, and ends the keeping ({@link #keepEnded});
 * the hook waits up to {@value #KEEP_WAIT_MS} ms for it.
 */
public final class LiveForks {

    /** How long the hook waits for a command keeping a stopped run's finished forks to store them. */
    static final long KEEP_WAIT_MS = 30_000;

    private static final LiveForks LAUNCHER = new LiveForks(true, ChildProcesses.launcher());

    /**
     * What a command keeping its finished forks ({@link #keepOnStop}) is told when a fork is stopped or not started.
     */
    public static final class Stopped extends IOException {
        public Stopped() {
            super("stagebench is stopping (SIGINT or SIGTERM)");
        }
    }

    private final boolean waitForHalt;
    private final ChildProcesses children;
    private final Set<Path> incomplete = new LinkedHashSet<>();
    private boolean stopping;
    private boolean hooked;
    private boolean keeping;

    /**
     * @param waitForHalt true in the launcher: a start or store asked for while stopping waits for the JVM to halt;
     *     false (tests): it is refused with an exception
     * @param children where the forks are registered among this JVM's children
     */
    LiveForks(boolean waitForHalt, ChildProcesses children) {
        this.waitForHalt = waitForHalt;
        this.children = children;
    }

    /** @return this JVM's registry, whose {@link #stop} runs as a shutdown hook once anything is registered */
    public static LiveForks launcher() {
        return LAUNCHER;
    }

    /** Starts a fork and registers it. */
    synchronized Process start(ProcessBuilder builder) throws IOException {
        if (isStopping() && keeping) {
            throw new Stopped();
        }
        if (isStopping()) {
            refuse();
            throw new IOException("stagebench is stopping: no fork is started");
        }
        hook();
        return children.startFork(builder);
    }

    /** A fork that ended (or was killed at its timeout) is no longer this registry's to kill. */
    void ended(Process fork) {
        children.ended(fork);
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
        if (isStopping() && !keeping) {
            refuse();
            throw new IllegalStateException("stagebench is stopping: run " + runDir + " is not stored");
        }
        incomplete.remove(runDir);
    }

    /**
     * The command returned, whatever its exit code: it has said in its own line what went wrong, so the exit that
     * follows is not a stop, and no run folder is named as left by one. A command that returned because a stop killed
     * its forks (with nothing finished to keep) leaves its run folder to the stop, which names it: that return races
     * the stop's own report.
     */
    public synchronized void commandEnded() {
        if (!isStopping()) {
            incomplete.clear();
        }
    }

    /** The calling command stores what its finished forks measured if it is stopped, before the JVM halts. */
    public synchronized void keepOnStop() {
        hook();
        keeping = true;
    }

    /** @return true once a stop (SIGINT, SIGTERM) has begun, here or by another hook among this JVM's children */
    public synchronized boolean isStopping() {
        return stopping || children.isStopping();
    }

    /**
     * The command that kept a stopped run's forks is done (stored, or found nothing to keep): the hook goes on to halt.
     * Not stopping, it only ends the keeping.
     */
    public synchronized void keepEnded() {
        keeping = false;
        notifyAll();
    }

    /**
     * What the shutdown hook does: stops new forks and stores, kills every child of this JVM (forks, and an
     * {@code ab}'s builds) and its descendants ({@link ChildProcesses#stop}), waits for them, and says what was killed
     * and which run folders are left incomplete.
     *
     * @return the forks killed
     */
    int stop(PrintStream err) {
        synchronized (this) {
            stopping = true;
        }
        int killed = children.stop(err);
        List<Path> left;
        synchronized (this) {
            left = new ArrayList<>(incomplete);
        }
        if (awaitKept()) {
            synchronized (this) {
                left = new ArrayList<>(incomplete); // what the keeping command stored is no longer left
            }
        }
        for (Path dir : left) {
            err.println("stagebench: stopping: run folder " + dir + " is left incomplete (no summary.json; diff, report"
                    + " and history skip it): delete it, or keep it for its forks' files");
        }
        err.flush();
        return killed;
    }

    /** @return true when a command was keeping what its forks measured, after it ended or the wait ran out */
    private synchronized boolean awaitKept() {
        if (!keeping) {
            return false;
        }
        long deadlineNs = System.nanoTime() + TimeUnit.MILLISECONDS.toNanos(KEEP_WAIT_MS);
        while (keeping) {
            long leftMs = TimeUnit.NANOSECONDS.toMillis(deadlineNs - System.nanoTime());
            if (leftMs <= 0) {
                return true;
            }
            try {
                wait(leftMs);
            } catch (InterruptedException e) {
                Thread.currentThread().interrupt();
                return true;
            }
        }
        return true;
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
