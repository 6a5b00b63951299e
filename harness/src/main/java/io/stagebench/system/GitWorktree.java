package io.stagebench.system;

import java.io.File;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.LinkOption;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.List;
import java.util.concurrent.TimeUnit;
import java.util.concurrent.atomic.AtomicBoolean;
import java.util.stream.Stream;
import java.util.zip.ZipFile;

/**
 * A commit of the project checked out beside the working tree, in a temporary, detached git worktree, and built there -
 * the "A" of a local A/B comparison; or a snapshot of the working tree itself ({@link #addWorkingTree}), HEAD with the
 * uncommitted changes and untracked files copied in, so "B" can be built the same way without touching the project's
 * own build output. {@link #close()} removes the worktree and its folder whatever happened in between (a shutdown hook
 * does the same when the JVM is interrupted), and prunes git's record of it.
 */
public final class GitWorktree implements AutoCloseable {

    /** How stagebench's own checkout is built: the launcher's class path is then {@link #classPath()}. */
    public static final String OWN_BUILD = "mvn -q -B -Dstyle.color=never -Dmaven.test.skip=true package";

    private static final long GIT_TIMEOUT_S = 120;
    private static final long BUILD_TIMEOUT_S = 1_800;
    /** The build and git calls it runs, and its folders, are this JVM's children: a stop ends them. */
    private static final ChildProcesses CHILDREN = ChildProcesses.launcher();

    private final Path repo;
    private final Path parent;
    private final Path dir;
    private final String commit;
    private final String label;
    private final Thread cleanupOnExit;
    private final AtomicBoolean closed = new AtomicBoolean();

    private GitWorktree(Path repo, Path parent, Path dir, String commit, String label) {
        this.repo = repo;
        this.parent = parent;
        this.dir = dir;
        this.commit = commit;
        this.label = label;
        // an interrupted comparison (SIGTERM, Ctrl-C) still removes the worktree - after ending the build
        // still writing into it, so nothing is recreated behind the removal
        this.cleanupOnExit = new Thread(
                () -> CHILDREN.asCleanup(() -> {
                    CHILDREN.stop(System.err);
                    remove();
                    return null;
                }),
                "stagebench-ab-worktree-cleanup");
        Runtime.getRuntime().addShutdownHook(cleanupOnExit);
    }

    /**
     * Checks out {@code commit} of the repository at {@code repo} into a new temporary folder.
     *
     * @param commit a full commit hash (already resolved)
     * @throws IOException with git's own message when the worktree cannot be added
     */
    public static GitWorktree add(Path repo, String commit) throws IOException {
        return add(repo, commit, "commit " + commit.substring(0, Math.min(12, commit.length())));
    }

    /**
     * Checks out HEAD of the repository at {@code repo} into a new temporary folder, then makes it the working tree's
     * twin: every tracked file that differs from HEAD (staged or not) is copied in, or deleted when the working tree
     * deleted it, and so is every untracked file git does not ignore. Ignored files - build output - stay behind.
     *
     * @throws IOException with git's own message when the worktree cannot be added
     */
    public static GitWorktree addWorkingTree(Path repo) throws IOException {
        Path top = topLevel(repo);
        String head = run(
                        List.of("git", "-C", top.toString(), "rev-parse", "HEAD"),
                        top,
                        GIT_TIMEOUT_S,
                        "git rev-parse HEAD")
                .strip();
        GitWorktree worktree = add(top, head, "the working tree");
        try {
            List<String> changed = new ArrayList<>(nulSeparated(run(
                    List.of("git", "-C", top.toString(), "diff", "--no-renames", "--name-only", "-z", "HEAD"),
                    top,
                    GIT_TIMEOUT_S,
                    "git diff")));
            changed.addAll(nulSeparated(run(
                    List.of("git", "-C", top.toString(), "ls-files", "-z", "--others", "--exclude-standard"),
                    top,
                    GIT_TIMEOUT_S,
                    "git ls-files")));
            for (String path : changed) {
                Path from = top.resolve(path);
                Path to = worktree.dir.resolve(path);
                if (Files.exists(from, LinkOption.NOFOLLOW_LINKS)) {
                    Files.createDirectories(to.getParent());
                    Files.copy(from, to, StandardCopyOption.REPLACE_EXISTING, LinkOption.NOFOLLOW_LINKS);
                } else {
                    Files.deleteIfExists(to);
                }
            }
        } catch (IOException | RuntimeException e) {
            worktree.close();
            throw e;
        }
        return worktree;
    }

    /** @return the top folder of the git work tree that holds {@code dir} */
    public static Path topLevel(Path dir) throws IOException {
        Path absolute = dir.toAbsolutePath();
        return Path.of(run(
                        List.of("git", "-C", absolute.toString(), "rev-parse", "--show-toplevel"),
                        absolute,
                        GIT_TIMEOUT_S,
                        "git rev-parse --show-toplevel in " + absolute)
                .strip());
    }

    private static GitWorktree add(Path repo, String commit, String label) throws IOException {
        Path parent = CHILDREN.temporary(() -> Files.createTempDirectory("stagebench-ab-"));
        Path dir = parent.resolve(commit.substring(0, Math.min(12, commit.length())));
        GitWorktree worktree;
        try {
            worktree = new GitWorktree(repo, parent, dir, commit, label);
        } catch (IllegalStateException e) {
            // the JVM began to shut down since: no hook would remove the folder
            ChildProcesses.deleteQuietly(parent);
            throw new IOException("stagebench is stopping: no worktree is added", e);
        } finally {
            CHILDREN.forget(parent);
        }
        try {
            run(
                    List.of(
                            "git",
                            "-C",
                            repo.toAbsolutePath().toString(),
                            "worktree",
                            "add",
                            "--detach",
                            dir.toString(),
                            commit),
                    repo,
                    GIT_TIMEOUT_S,
                    "git worktree add");
        } catch (IOException | RuntimeException e) {
            worktree.close();
            throw e;
        }
        return worktree;
    }

    private static List<String> nulSeparated(String text) {
        return Arrays.stream(text.split("\0")).filter(p -> !p.isEmpty()).toList();
    }

    /** @return the worktree's folder */
    public Path dir() {
        return dir;
    }

    /** @return the commit checked out */
    public String commit() {
        return commit;
    }

    /**
     * Builds the project in {@code folder} of the worktree (relative; empty for its top) with {@code command}, run by
     * {@code sh -c}; its output is captured and its first error lines (else its last lines) are quoted when the build
     * fails.
     *
     * @throws IOException "the build of commit ... (COMMAND in DIR) failed (exit 1): ..."
     */
    public void build(String command, Path folder) throws IOException {
        Path project = dir.resolve(folder);
        run(
                List.of("sh", "-c", command),
                project,
                BUILD_TIMEOUT_S,
                "the build of " + label + " (" + command + " in " + project + ")");
    }

    /**
     * Builds stagebench's own checkout with {@link #OWN_BUILD} and checks that it yields {@link #classPath()} with a
     * harness whose forks can be launched.
     *
     * @param forkEntries the class files of which the harness jar must hold one (the fork's main class, by the names it
     *     had)
     * @throws IOException "the build of commit ... failed (exit 1): ..."
     */
    public void build(List<String> forkEntries) throws IOException {
        build(OWN_BUILD, Path.of(""));
        Path harness = harnessJar();
        try (ZipFile jar = new ZipFile(harness.toFile())) {
            if (forkEntries.stream().noneMatch(e -> jar.getEntry(e) != null)) {
                throw new IOException(
                        "commit " + commit.substring(0, 12) + " predates 'stagebench run': its build has no "
                                + forkEntries.get(0).replace('/', '.').replace(".class", "")
                                + ", so its forks cannot be launched");
            }
        }
    }

    /** @return the built application's class path: the stages jar and every jar it depends on */
    public String classPath() {
        Path target = dir.resolve("stages").resolve("target");
        return stagesJar() + File.pathSeparator + target.resolve("lib") + File.separator + "*";
    }

    /** @return the built stages jar of stagebench's own checkout: the reference benchmarks, and their list */
    public Path stagesJar() {
        return dir.resolve("stages").resolve("target").resolve("stagebench-stages.jar");
    }

    private Path harnessJar() throws IOException {
        Path lib = dir.resolve("stages").resolve("target").resolve("lib");
        if (!Files.isRegularFile(dir.resolve("stages/target/stagebench-stages.jar")) || !Files.isDirectory(lib)) {
            throw new IOException("the build of commit " + commit.substring(0, 12)
                    + " produced no stages/target/stagebench-stages.jar"
                    + " and stages/target/lib/; 'stagebench ab' needs a commit that builds the launcher's class path");
        }
        try (Stream<Path> jars = Files.list(lib)) {
            return jars.filter(p -> p.getFileName().toString().startsWith("stagebench-harness"))
                    .findFirst()
                    .orElseThrow(() -> new IOException("the build of commit " + commit.substring(0, 12)
                            + " has no stagebench-harness jar in " + lib));
        }
    }

    /** Removes the worktree (forcing: it holds build output) and its temporary folder; never throws. */
    @Override
    public void close() {
        try {
            Runtime.getRuntime().removeShutdownHook(cleanupOnExit);
        } catch (IllegalStateException e) {
            // shutting down: the hook is running or about to
        }
        remove();
    }

    // synchronized: a stop's hook that finds the removal under way (the command's own close) waits
    // for it, so the JVM does not halt with the folder half removed
    private synchronized void remove() {
        if (!closed.compareAndSet(false, true)) {
            return;
        }
        // the removal's own git calls run even when stopping, on whichever thread removes
        CHILDREN.asCleanup(() -> {
            removeNow();
            return null;
        });
    }

    private void removeNow() {
        try {
            run(
                    List.of(
                            "git",
                            "-C",
                            repo.toAbsolutePath().toString(),
                            "worktree",
                            "remove",
                            "--force",
                            dir.toString()),
                    repo,
                    GIT_TIMEOUT_S,
                    "git worktree remove");
        } catch (IOException | RuntimeException e) {
            // not registered (add failed) or already gone; the folder is deleted below and git's record pruned
        }
        ChildProcesses.deleteQuietly(parent);
        try {
            run(
                    List.of("git", "-C", repo.toAbsolutePath().toString(), "worktree", "prune"),
                    repo,
                    GIT_TIMEOUT_S,
                    "git worktree prune");
        } catch (IOException | RuntimeException e) {
            // best effort
        }
    }

    /**
     * Runs a command with its output captured; returns its standard output, or throws with the first error lines (else
     * the last lines) of its output when it fails.
     */
    private static String run(List<String> command, Path workDir, long timeoutS, String what) throws IOException {
        Path out = CHILDREN.temporary(() -> Files.createTempFile("stagebench-ab-", ".out"));
        Path err = CHILDREN.temporary(() -> Files.createTempFile("stagebench-ab-", ".err"));
        Process process = null;
        try {
            process = CHILDREN.startCommand(
                    new ProcessBuilder(command)
                            .directory(workDir.toFile())
                            .redirectOutput(out.toFile())
                            .redirectError(err.toFile()),
                    what,
                    out,
                    err);
            process.getOutputStream().close();
            boolean finished = process.waitFor(timeoutS, TimeUnit.SECONDS);
            if (!finished) {
                process.descendants().forEach(ProcessHandle::destroyForcibly);
                process.destroyForcibly();
                throw new IOException(what + " did not finish within " + timeoutS + " s and was killed");
            }
            if (process.exitValue() != 0) {
                if (isStopping()) {
                    // killed by a stop (SIGTERM, SIGINT): that, not a failure of the command, is what happened
                    throw new IOException(what + " was stopped: stagebench is stopping");
                }
                throw new IOException(what + " failed (exit " + process.exitValue() + ")" + tail(err, out));
            }
            return Files.readString(out, StandardCharsets.UTF_8);
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            throw new IOException(what + " was interrupted", e);
        } finally {
            CHILDREN.ended(process);
            Files.deleteIfExists(out);
            Files.deleteIfExists(err);
            CHILDREN.forget(out);
            CHILDREN.forget(err);
        }
    }

    /** @return true once a stop (SIGTERM, SIGINT) has begun to end the commands this JVM runs */
    public static boolean isStopping() {
        return CHILDREN.isStopping();
    }

    private static String tail(Path... logs) throws IOException {
        List<String> lines = new ArrayList<>();
        for (Path log : logs) {
            Files.readAllLines(log, StandardCharsets.UTF_8).stream()
                    .filter(l -> !l.isBlank())
                    .forEach(lines::add);
        }
        if (lines.isEmpty()) {
            return "";
        }
        List<String> errors =
                lines.stream().filter(l -> l.contains("ERROR")).limit(3).toList();
        List<String> quoted = errors.isEmpty() ? lines.subList(Math.max(0, lines.size() - 3), lines.size()) : errors;
        return ": " + String.join(" | ", quoted.stream().map(String::strip).toList());
    }
}
