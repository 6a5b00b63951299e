package io.stagebench.system;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The commit a run measured: short hash, whether the work tree had uncommitted changes
 * (tracked files only), and the branch. Results are stored under
 * {@code <short-commit>[-dirty]}; when the commit cannot be read the folder is {@code nocommit}
 * and {@link #problem} says why.
 *
 * <p>Hazard: git refuses a checkout owned by another user ("detected dubious ownership") with
 * the same exit status as a folder that is no checkout at all; a run there must not pass for a
 * clean commit, so git's own reason is kept and every command that needs the commit names it.
 *
 * @param commit      full hash, or "nocommit"
 * @param shortCommit 12-character hash, or "nocommit"
 * @param dirty       whether tracked files differ from the commit
 * @param branch      branch name, or "" when detached or unknown
 * @param problem     why the commit is not known (git's reason and the fix), or null when it is
 */
public record GitInfo(String commit, String shortCommit, boolean dirty, String branch, String problem) {

    /** The commit of a run whose commit is not known. */
    public static final String NO_COMMIT = "nocommit";

    /** A known commit. */
    public GitInfo(String commit, String shortCommit, boolean dirty, String branch) {
        this(commit, shortCommit, dirty, branch, null);
    }

    /** Reads the state of the checkout at {@code dir}. */
    public static GitInfo read(Path dir) {
        SystemFiles host = SystemFiles.host();
        String d = dir.toAbsolutePath().toString();
        Optional<SystemFiles.Output> head = host.run("git", "-C", d, "rev-parse", "HEAD");
        String commit = head.filter(o -> o.exitCode() == 0).map(o -> o.out().trim()).orElse("");
        if (commit.isEmpty()) {
            return new GitInfo(NO_COMMIT, NO_COMMIT, false, "", problem(d, head));
        }
        boolean dirty = host.command("git", "-C", d, "status", "--porcelain", "--untracked-files=no")
                .map(s -> !s.isBlank()).orElse(false);
        String branch = host.command("git", "-C", d, "rev-parse", "--abbrev-ref", "HEAD").map(String::trim).orElse("");
        return new GitInfo(commit, commit.substring(0, Math.min(12, commit.length())), dirty, "HEAD".equals(branch) ? "" : branch);
    }

    /** @return why git gave no commit for {@code dir}: its own "fatal:" line, and the fix where one is known */
    public static String problem(String dir, Optional<SystemFiles.Output> output) {
        if (output.isEmpty()) {
            return "git could not be run in " + dir + " (is it installed?)";
        }
        String fatal = output.get().err().lines().map(String::strip).filter(l -> l.startsWith("fatal:"))
                .map(l -> l.substring("fatal:".length()).strip()).findFirst()
                .orElse("git rev-parse HEAD exited " + output.get().exitCode());
        if (output.get().err().contains("safe.directory")) {
            return "git refuses to read " + dir + ": " + fatal + " (fix: git config --global --add safe.directory " + dir + ")";
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
