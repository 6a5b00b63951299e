package io.stagebench.store;

import io.stagebench.system.SystemFiles;
import java.nio.file.Path;
import java.time.Instant;
import java.time.OffsetDateTime;
import java.util.ArrayList;
import java.util.List;
import java.util.Optional;

/**
 * The commits whose stored runs {@code history} and {@code bisect} line up: the first-parent
 * line of a branch, as CI records one run per commit it builds on that branch (a merged side
 * branch's own commits were never measured there). Read with {@code git log --first-parent}
 * in the project's checkout.
 */
public final class CommitLog {

    private static final char FIELD = '\u001f';

    private CommitLog() {
    }

    /**
     * One commit.
     *
     * @param hash    the full hash
     * @param date    the committer date
     * @param subject the first line of its message
     */
    public record Commit(String hash, Instant date, String subject) {

        /** @return the 12-character hash: the result store's folder name of its clean runs */
        public String shortHash() {
            return hash.substring(0, Math.min(12, hash.length()));
        }
    }

    /**
     * @param checkout the project's git checkout
     * @param tip      the newest commit (a full hash)
     * @param base     the oldest commit to include (a full hash, an ancestor of {@code tip}), or null for the whole line
     * @return the first-parent line from {@code base} to {@code tip}, oldest first; empty when git cannot read it
     */
    public static List<Commit> firstParent(Path checkout, String tip, String base) {
        List<String> command = new ArrayList<>(List.of("git", "-C", checkout.toAbsolutePath().toString(), "log",
                "--first-parent", "--reverse", "--format=%H" + FIELD + "%cI" + FIELD + "%s", tip));
        if (base != null) {
            command.add("^" + base);
        }
        Optional<String> log = SystemFiles.host().command(command.toArray(String[]::new));
        List<Commit> commits = new ArrayList<>();
        if (base != null) {
            commit(checkout, base).ifPresent(commits::add);
        }
        log.ifPresent(text -> text.lines().filter(l -> !l.isBlank()).map(CommitLog::parse).forEach(commits::add));
        return commits;
    }

    /** @return the commit {@code hash} names, with its date and subject */
    public static Optional<Commit> commit(Path checkout, String hash) {
        return SystemFiles.host().command("git", "-C", checkout.toAbsolutePath().toString(), "log", "-1",
                "--format=%H" + FIELD + "%cI" + FIELD + "%s", hash).map(String::strip).filter(s -> !s.isEmpty())
                .map(CommitLog::parse);
    }

    /** @return whether {@code ancestor} is {@code descendant} or one of its ancestors */
    public static boolean isAncestor(Path checkout, String ancestor, String descendant) {
        return SystemFiles.host().command("git", "-C", checkout.toAbsolutePath().toString(), "merge-base",
                "--is-ancestor", ancestor, descendant).isPresent();
    }

    private static Commit parse(String line) {
        String[] parts = line.split(String.valueOf(FIELD), 3);
        return new Commit(parts[0], OffsetDateTime.parse(parts[1]).toInstant(), parts.length > 2 ? parts[2] : "");
    }
}
