package io.stagebench.system;

import java.io.IOException;
import java.io.PrintStream;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.LinkedHashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.concurrent.TimeUnit;
import java.util.function.Supplier;
import java.util.stream.Stream;

/**
 * Every child process this JVM starts - measuring forks, git calls, the builds of {@code ab} and {@code bisect} - and
 * the temporary files they write, ended in one place: one {@link #stop} (a shutdown hook's, on SIGTERM, SIGINT or any
 * exit) kills each child still alive and what it started, waits for them, deletes their captured output and the
 * temporary paths their threads did not get to delete, and says what it killed. Once stopping nothing more is started,
 * but by a thread that cleans up ({@link #asCleanup}: the removal of an {@code ab} worktree runs git).
 *
 * <p>The launcher's run folders and what a stopped command keeps are {@code process.LiveForks}'s, which stops here
 * first. A stop is done once, by whichever hook comes first; a later one waits for it to end.
 */
public final class ChildProcesses {

    /** How long {@link #stop} waits for a killed child to be gone. */
    static final long KILL_WAIT_MS = 5_000;

    private static final ChildProcesses LAUNCHER = new ChildProcesses(true);

    /** Creates a file or folder. */
    @FunctionalInterface
    public interface PathCreation {
        /** @return the path made */
        Path create() throws IOException;
    }

    /** A child and what the stop says of it: a fork (counted in one line) or a named command. */
    private record Child(String what, boolean fork, List<Path> outputs) {}

    private final boolean hookOnFirstUse;
    private final Map<Process, Child> running = new LinkedHashMap<>();
    private final Set<Path> temporary = new LinkedHashSet<>();
    private final Object stopLock = new Object();
    private final ThreadLocal<Boolean> cleanup = ThreadLocal.withInitial(() -> false);
    private boolean stopping;
    private boolean hooked;
    private boolean stopped;

    /** @param hookOnFirstUse true in the launcher: the first child registered installs the shutdown hook that stops */
    ChildProcesses(boolean hookOnFirstUse) {
        this.hookOnFirstUse = hookOnFirstUse;
    }

    /** @return a registry of its own, whose stop no hook runs (tests) */
    public static ChildProcesses detached() {
        return new ChildProcesses(false);
    }

    /** @return this JVM's registry */
    public static ChildProcesses launcher() {
        return LAUNCHER;
    }

    /**
     * Starts a fork and registers it.
     *
     * @throws IOException when stopping, or the process cannot be started
     */
    public Process startFork(ProcessBuilder builder) throws IOException {
        return start(builder, null, true);
    }

    /**
     * Starts a command and registers it, with the files its output is captured in: a stop kills it and deletes them.
     *
     * @param what what it is, for the line a stop prints ("the build of commit ...")
     * @throws IOException when stopping (on a thread that does not clean up), or the process cannot be started
     */
    public Process startCommand(ProcessBuilder builder, String what, Path... outputs) throws IOException {
        return start(builder, what, false, outputs);
    }

    private Process start(ProcessBuilder builder, String what, boolean fork, Path... outputs) throws IOException {
        synchronized (running) {
            if (stopping && !cleanup.get()) {
                throw new IOException("stagebench is stopping: "
                        + (fork ? "no fork is started" : String.join(" ", builder.command()) + " is not started"));
            }
            hook();
            Process process = builder.start();
            running.put(process, new Child(what, fork, List.of(outputs)));
            return process;
        }
    }

    /** A child that ended (or was killed at its timeout) is no longer this registry's to kill. */
    public void ended(Process process) {
        if (process != null) {
            synchronized (running) {
                running.remove(process);
            }
        }
    }

    /**
     * Creates a temporary path, registered so that a stop deletes it even when the thread that made it never reaches
     * its clean-up; refused once stopping, but on a thread that cleans up. {@link #forget} it once deleted.
     */
    public Path temporary(PathCreation creation) throws IOException {
        synchronized (running) {
            if (stopping && !cleanup.get()) {
                throw new IOException("stagebench is stopping: nothing more is started");
            }
            hook();
            Path path = creation.create();
            temporary.add(path);
            return path;
        }
    }

    /** A temporary path its thread deleted or handed on: the stop leaves it alone. */
    public void forget(Path path) {
        synchronized (running) {
            temporary.remove(path);
        }
    }

    /** @return true once a stop has begun */
    public boolean isStopping() {
        synchronized (running) {
            return stopping;
        }
    }

    /**
     * Runs {@code work} as a clean-up: it may start commands while stopping (nothing else would end what it leaves).
     */
    public <T> T asCleanup(Supplier<T> work) {
        boolean was = cleanup.get();
        cleanup.set(true);
        try {
            return work.get();
        } finally {
            cleanup.set(was);
        }
    }

    /**
     * Kills every registered child still alive and its descendants (a build's {@code sh -c mvn ...} and Maven's own
     * JVM), waits for them, deletes their captured output and the temporary paths left, and says what was killed: one
     * line for the forks, one for each command. Done once; a second caller waits for the first and kills nothing.
     *
     * @return the forks killed by this call
     */
    public int stop(PrintStream err) {
        synchronized (stopLock) {
            if (stopped) {
                return 0;
            }
            stopped = true;
            return stopNow(err);
        }
    }

    private int stopNow(PrintStream err) {
        Map<Process, Child> children;
        List<Path> left;
        synchronized (running) {
            stopping = true;
            children = new LinkedHashMap<>(running);
            left = new ArrayList<>(temporary);
        }
        List<Process> forks = new ArrayList<>();
        List<String> commands = new ArrayList<>();
        children.forEach((process, child) -> {
            // whether it was alive, read before the kill: the thread that waits for it forgets it once it ends
            boolean alive = process.isAlive();
            process.descendants().forEach(ProcessHandle::destroyForcibly);
            process.destroyForcibly();
            if (child.fork()) {
                forks.add(process);
            } else if (alive) {
                commands.add("stagebench: stopping: killed " + child.what() + " (pid " + process.pid()
                        + ") and what it started");
            }
        });
        if (!forks.isEmpty()) {
            err.println("stagebench: stopping: killed " + forks.size() + " running fork(s) (pid "
                    + String.join(
                            ", ",
                            forks.stream().map(p -> Long.toString(p.pid())).toList()) + ")");
        }
        commands.forEach(err::println);
        err.flush();
        for (Map.Entry<Process, Child> e : children.entrySet()) {
            try {
                e.getKey().waitFor(KILL_WAIT_MS, TimeUnit.MILLISECONDS);
            } catch (InterruptedException ie) {
                Thread.currentThread().interrupt();
            }
            e.getValue().outputs().forEach(ChildProcesses::deleteQuietly);
        }
        // made by a thread that never got to delete it: the worktree folder of an add cut short included
        left.forEach(ChildProcesses::deleteQuietly);
        return forks.size();
    }

    /** Deletes a file or a folder with everything in it, best effort: a leftover temporary path is harmless. */
    public static void deleteQuietly(Path root) {
        if (!Files.exists(root)) {
            return;
        }
        try (Stream<Path> paths = Files.walk(root)) {
            paths.sorted(Comparator.reverseOrder()).forEach(p -> {
                try {
                    Files.deleteIfExists(p);
                } catch (IOException e) {
                    throw new UncheckedIOException(e);
                }
            });
        } catch (IOException | UncheckedIOException e) {
            // best effort
        }
    }

    private void hook() {
        if (hookOnFirstUse && !hooked) {
            Runtime.getRuntime().addShutdownHook(new Thread(() -> stop(System.err), "stagebench-stop-children"));
            hooked = true;
        }
    }
}
