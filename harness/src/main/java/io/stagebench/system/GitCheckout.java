package io.stagebench.system;

import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.Collections;
import java.util.HashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * What stagebench reads of a git checkout, in one place: whether the folder is one (and git's own reason when not), a
 * commit by name, the first-parent line of commits that {@code history} lines up stored runs by, the line from GOOD to
 * BAD that {@code bisect} searches, and ancestry. Each question runs git in the checkout ({@code git -C}); a command
 * git refuses reads as no answer. The state a run records (commit, dirty, branch) is {@link GitInfo}; worktrees and
 * builds are {@link GitWorktree}.
 *
 * <p>The first-parent line is the one CI records runs on: one run per commit it builds on a branch, and a merged side
 * branch's own commits were never measured there.
 */
public final class GitCheckout {

    private static final char FIELD = '\u001f';

    private final Path dir;
    private final SystemFiles host;

    private GitCheckout(Path dir, SystemFiles host) {
        this.dir = dir.toAbsolutePath();
        this.host = host;
    }

    /** @return the checkout at {@code dir} (not checked to be one: see {@link #problem()}) */
    public static GitCheckout of(Path dir) {
        return new GitCheckout(dir, SystemFiles.host());
    }

    /**
     * One commit.
     *
     * @param hash the full hash
     * @param date the committer date
     * @param subject the first line of its message
     */
    public record Commit(String hash, Instant date, String subject) {

        /** @return the 12-character hash: the result store's folder name of its clean runs */
        public String shortHash() {
            return hash.substring(0, Math.min(12, hash.length()));
        }
    }

    /**
     * @return empty when the folder is in a git checkout; else why not, in git's words with the fix where one is known
     */
    public Optional<String> problem() {
        Optional<SystemFiles.Output> gitDir = host.run("git", "-C", dir.toString(), "rev-parse", "--git-dir");
        return gitDir.filter(o -> o.exitCode() == 0).isPresent()
                ? Optional.empty()
                : Optional.of(GitInfo.problem(dir.toString(), gitDir));
    }

    /**
     * @return the full hash of the commit {@code name} names (a hash, a prefix, a branch, {@code HEAD~2}); empty for
     *     none
     */
    public Optional<String> resolve(String name) {
        if (name.isBlank() || name.startsWith("-")) {
            return Optional.empty();
        }
        return host.command("git", "-C", dir.toString(), "rev-parse", "--verify", "--quiet", name + "^{commit}")
                .map(String::trim)
                .filter(hash -> hash.matches("[0-9a-f]{40,64}"));
    }

    /**
     * @param tip the newest commit (a full hash)
     * @param base the oldest commit to include (a full hash, an ancestor of {@code tip}), or null for the whole line
     * @return the first-parent line from {@code base} to {@code tip}, oldest first; empty when git cannot read it
     */
    public List<Commit> firstParent(String tip, String base) {
        List<String> command = new ArrayList<>(List.of(
                "git",
                "-C",
                dir.toString(),
                "log",
                "--first-parent",
                "--reverse",
                "--format=%H" + FIELD + "%cI" + FIELD + "%s",
                tip));
        if (base != null) {
            command.add("^" + base);
        }
        Optional<String> log = host.command(command.toArray(String[]::new));
        List<Commit> commits = new ArrayList<>();
        if (base != null) {
            commit(base).ifPresent(commits::add);
        }
        log.ifPresent(text ->
                text.lines().filter(l -> !l.isBlank()).map(GitCheckout::parse).forEach(commits::add));
        return commits;
    }

    /**
     * The line {@code bisect} searches: from {@code bad} back along first parents while they descend from {@code good},
     * else along the parent that does, down to {@code good}. Every commit of it contains {@code good}, so a midpoint is
     * never blamed for code it does not have; where {@code good} is on {@code bad}'s first-parent line, it is that
     * line.
     *
     * @param good the oldest commit (a full hash, an ancestor of {@code bad})
     * @param bad the newest commit (a full hash)
     * @return the line, oldest first, {@code good} first; empty when git cannot read it
     */
    public List<Commit> ancestryLine(String good, String bad) {
        Optional<String> log = host.command(
                "git",
                "-C",
                dir.toString(),
                "log",
                "--ancestry-path",
                "--format=%H" + FIELD + "%P" + FIELD + "%cI" + FIELD + "%s",
                good + ".." + bad);
        Optional<Commit> base = commit(good);
        if (log.isEmpty() || base.isEmpty()) {
            return List.of();
        }
        Map<String, List<String>> parents = new HashMap<>();
        Map<String, Commit> commits = new HashMap<>();
        for (String line : log.get().lines().filter(l -> !l.isBlank()).toList()) {
            String[] parts = line.split(String.valueOf(FIELD), 4);
            parents.put(parts[0], List.of(parts[1].split(" ")));
            commits.put(
                    parts[0],
                    new Commit(parts[0], OffsetDateTime.parse(parts[2]).toInstant(), parts.length > 3 ? parts[3] : ""));
        }
        commits.put(good, base.get());
        return chain(good, bad, parents).stream().map(commits::get).toList();
    }

    /**
     * @param parents each commit descending from {@code good} up to {@code bad} to its parents, first parent first
     * @return the hashes from {@code good} to {@code bad}, oldest first: from {@code bad}, each commit's first parent
     *     that is {@code good} or descends from it; empty when no such chain reaches {@code good}
     */
    static List<String> chain(String good, String bad, Map<String, List<String>> parents) {
        List<String> line = new ArrayList<>();
        String at = bad;
        while (!at.equals(good)) {
            line.add(at);
            Optional<String> next = parents.getOrDefault(at, List.of()).stream()
                    .filter(p -> p.equals(good) || parents.containsKey(p))
                    .findFirst();
            if (next.isEmpty()) {
                return List.of();
            }
            at = next.get();
        }
        line.add(good);
        Collections.reverse(line);
        return line;
    }

    /** @return the commit {@code hash} names, with its date and subject */
    public Optional<Commit> commit(String hash) {
        return host.command(
                        "git", "-C", dir.toString(), "log", "-1", "--format=%H" + FIELD + "%cI" + FIELD + "%s", hash)
                .map(String::strip)
                .filter(s -> !s.isEmpty())
                .map(GitCheckout::parse);
    }

    /** @return whether {@code ancestor} is {@code descendant} or one of its ancestors */
    public boolean isAncestor(String ancestor, String descendant) {
        return host.command("git", "-C", dir.toString(), "merge-base", "--is-ancestor", ancestor, descendant)
                .isPresent();
    }

    private static Commit parse(String line) {
        String[] parts = line.split(String.valueOf(FIELD), 3);
        return new Commit(parts[0], OffsetDateTime.parse(parts[1]).toInstant(), parts.length > 2 ? parts[2] : "");
    }
}
