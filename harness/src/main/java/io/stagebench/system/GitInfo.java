package io.stagebench.system;

import java.nio.file.Path;
import java.util.Optional;

/**
 * The commit a run measured: short hash, whether the work tree had uncommitted changes
 * (tracked files only), and the branch. Results are stored under
 * {@code <short-commit>[-dirty]}; outside a git checkout the commit is {@code nocommit}.
 *
 * @param commit full hash, or "nocommit"
 * @param shortCommit 12-character hash, or "nocommit"
 * @param dirty  whether tracked files differ from the commit
 * @param branch branch name, or "" when detached or unknown
 */
public record GitInfo(String commit, String shortCommit, boolean dirty, String branch) {

    /** Reads the state of the checkout at {@code dir}. */
    public static GitInfo read(Path dir) {
        SystemFiles host = SystemFiles.host();
        String d = dir.toAbsolutePath().toString();
        Optional<String> commit = host.command("git", "-C", d, "rev-parse", "HEAD").map(String::trim);
        if (commit.isEmpty() || commit.get().isEmpty()) {
            return new GitInfo("nocommit", "nocommit", false, "");
        }
        boolean dirty = host.command("git", "-C", d, "status", "--porcelain", "--untracked-files=no")
                .map(s -> !s.isBlank()).orElse(false);
        String branch = host.command("git", "-C", d, "rev-parse", "--abbrev-ref", "HEAD").map(String::trim).orElse("");
        String full = commit.get();
        return new GitInfo(full, full.substring(0, Math.min(12, full.length())), dirty, "HEAD".equals(branch) ? "" : branch);
    }

    /** @return the result-store folder name: {@code <short-commit>[-dirty]} */
    public String folderName() {
        return dirty ? shortCommit + "-dirty" : shortCommit;
    }
}
