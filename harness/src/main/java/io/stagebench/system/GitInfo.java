package io.stagebench.system;

import java.nio.file.Path;
import java.util.List;
import java.util.Optional;

/**
 * The commit a run measured: short hash, whether the work tree had uncommitted changes (a tracked file changed, or an
 * untracked source that git does not ignore: a new source is code the commit does not have, and {@code ab} builds it
 * into B), and the branch. An untracked file is a source when a build reads it: under a {@code src/} folder, a source
 * file's extension, or a build file; a log or a page a script writes beside the checkout (CI's {@code run.txt}) is not,
 * and the result store is passed over. Results are stored under {@code <short-commit>[-dirty]}; when the commit cannot
 * be read the folder is {@code nocommit} and {@link #problem} says why.
 *
 * <p>Hazard: git refuses a checkout owned by another user ("detected dubious ownership") with the same exit status as a
 * folder that is no checkout at all; a run there must not pass for a clean commit, so git's own reason is kept and
 * every command that needs the commit names it.
 *
 * @param commit full hash, or "nocommit"
 * @param shortCommit 12-character hash, or "nocommit"
 * @param dirty whether tracked files differ from the commit, or untracked sources outside the result store are present
 * @param branch branch name, or "" when detached or unknown
 * @param problem why the commit is not known (git's reason and the fix), or null when it is
 */
public record GitInfo(String commit, String shortCommit, boolean dirty, String branch, String problem) {

    /** The commit of a run whose commit is not known. */
    public static final String NO_COMMIT = "nocommit";
    /** How {@code git status --porcelain} begins an untracked file's entry. */
    private static final String UNTRACKED = "?? ";

    /** A known commit. */
    public GitInfo(String commit, String shortCommit, boolean dirty, String branch) {
        this(commit, shortCommit, dirty, branch, null);
    }

    /**
     * Reads the state of the checkout at {@code dir}, every untracked source it does not ignore counting as a change.
     */
    public static GitInfo read(Path dir) {
        return read(dir, List.of());
    }

    /**
     * Reads the state of the checkout at {@code dir}.
     *
     * @param notSources folders whose untracked files are not the code measured (the result store): passed over; named
     *     as git names the checkout's top, their links resolved
     */
    public static GitInfo read(Path dir, List<Path> notSources) {
        SystemFiles host = SystemFiles.host();
        String d = dir.toAbsolutePath().toString();
        Optional<SystemFiles.Output> head = host.run("git", "-C", d, "rev-parse", "HEAD");
        String commit =
                head.filter(o -> o.exitCode() == 0).map(o -> o.out().trim()).orElse("");
        if (commit.isEmpty()) {
            return new GitInfo(NO_COMMIT, NO_COMMIT, false, "", problem(d, head));
        }
        Optional<Path> top = host.command("git", "-C", d, "rev-parse", "--show-toplevel")
                .map(String::strip)
                .filter(t -> !t.isEmpty())
                .map(Path::of);
        boolean dirty = host.command("git", "-C", d, "status", "--porcelain", "-z", "--untracked-files=all")
                .map(status -> changed(status, top.orElse(dir.toAbsolutePath()), notSources))
                .orElse(false);
        String branch = host.command("git", "-C", d, "rev-parse", "--abbrev-ref", "HEAD")
                .map(String::trim)
                .orElse("");
        return new GitInfo(
                commit, commit.substring(0, Math.min(12, commit.length())), dirty, "HEAD".equals(branch) ? "" : branch);
    }

    /**
     * @param status {@code git status --porcelain -z --untracked-files=all}: NUL-separated entries, paths from the
     *     checkout's top
     * @param top the checkout's top folder
     * @param notSources folders whose untracked files are passed over
     * @return whether an entry is a change: any tracked one, or an untracked {@link #isSource source} outside
     *     {@code notSources}
     */
    static boolean changed(String status, Path top, List<Path> notSources) {
        List<Path> skipped =
                notSources.stream().map(p -> p.toAbsolutePath().normalize()).toList();
        for (String entry : status.split("\u0000")) {
            if (entry.isBlank()) {
                continue;
            }
            if (!entry.startsWith(UNTRACKED)) {
                return true;
            }
            String relative = entry.substring(UNTRACKED.length());
            Path file = top.resolve(relative).toAbsolutePath().normalize();
            if (isSource(relative) && skipped.stream().noneMatch(file::startsWith)) {
                return true;
            }
        }
        return false;
    }

    /** Extensions of files a build compiles or packages. */
    private static final List<String> SOURCE_EXTENSIONS = List.of(
            ".java", ".kt", ".kts", ".scala", ".groovy", ".c", ".h", ".cc", ".cpp", ".hpp", ".s", ".S", ".asm",
            ".gradle");
    /** Build files by name. */
    private static final List<String> BUILD_FILES = List.of(
            "pom.xml",
            "build.gradle",
            "build.gradle.kts",
            "settings.gradle",
            "settings.gradle.kts",
            "Makefile",
            "CMakeLists.txt",
            "build.xml");

    /**
     * @param relative an untracked file's path from the checkout's top, '/'-separated
     * @return whether a build reads it: a file under a {@code src/} folder, one with a source file's extension, or a
     *     build file
     */
    static boolean isSource(String relative) {
        String name = relative.substring(relative.lastIndexOf('/') + 1);
        return relative.startsWith("src/")
                || relative.contains("/src/")
                || BUILD_FILES.contains(name)
                || SOURCE_EXTENSIONS.stream().anyMatch(name::endsWith);
    }

    /** @return why git gave no commit for {@code dir}: its own "fatal:" line, and the fix where one is known */
    public static String problem(String dir, Optional<SystemFiles.Output> output) {
        if (output.isEmpty()) {
            return "git could not be run in " + dir + " (is it installed?)";
        }
        String fatal = output.get()
                .err()
                .lines()
                .map(String::strip)
                .filter(l -> l.startsWith("fatal:"))
                .map(l -> l.substring("fatal:".length()).strip())
                .findFirst()
                .orElse("git rev-parse HEAD exited " + output.get().exitCode());
        if (output.get().err().contains("safe.directory")) {
            return "git refuses to read " + dir + ": " + fatal + " (fix: git config --global --add safe.directory "
                    + dir + ")";
        }
        if (fatal.startsWith("not a git repository")) {
            return dir + " is not in a git checkout";
        }
        return "git cannot read the commit of " + dir + ": " + fatal;
    }

    /** @return whether the commit is known */
    public boolean known() {
        return problem == null && !NO_COMMIT.equals(commit);
    }

    /** @return the result-store folder name: {@code <short-commit>[-dirty]} */
    public String folderName() {
        return dirty ? shortCommit + "-dirty" : shortCommit;
    }
}
