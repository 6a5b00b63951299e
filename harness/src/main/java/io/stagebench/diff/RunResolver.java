package io.stagebench.diff;

import io.stagebench.io.AtomicFiles;
import io.stagebench.system.SystemFiles;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;

/**
 * Turns what a user names on the command line into a stored run folder:
 * <ul>
 *   <li>a run folder (holding {@code summary.json}), or that file itself: that run;</li>
 *   <li>a commit folder of the store ({@code results/<commit>[-dirty]/}): its latest run;</li>
 *   <li>anything else is a commit-ish ({@code HEAD~1}, a branch, a tag, a hash), resolved
 *       with {@code git rev-parse} in the project's checkout; its latest run is taken from
 *       {@code results/<12-char commit>/}, else from {@code results/<12-char commit>-dirty/}.</li>
 * </ul>
 * A path wins only when it holds a run: a branch that shares its name with a folder of the
 * checkout ({@code stages}, {@code harness}) still names the branch. The latest run is the one
 * whose folder name ({@code yyyyMMdd-HHmmss[-N]}) sorts last, by time and then by number.
 */
public final class RunResolver {

    /** Resolves a commit-ish to a full hash, or empty when it names no commit. */
    @FunctionalInterface
    public interface CommitResolver {
        Optional<String> resolve(String commitish);
    }

    private static final Pattern RUN_NAME = Pattern.compile("(\\d{8}-\\d{6})(?:-(\\d+))?");

    private final Path resultsRoot;
    private final CommitResolver commits;

    /**
     * @param resultsRoot the store ({@code results/})
     * @param commits     commit-ish resolution (tests script it; see {@link #git(Path)})
     */
    public RunResolver(Path resultsRoot, CommitResolver commits) {
        this.resultsRoot = resultsRoot;
        this.commits = commits;
    }

    /** @return commit resolution with {@code git rev-parse --verify NAME^{commit}} in {@code checkout} */
    public static CommitResolver git(Path checkout) {
        return name -> {
            if (name.isBlank() || name.startsWith("-")) {
                return Optional.empty();
            }
            return SystemFiles.host()
                    .command("git", "-C", checkout.toAbsolutePath().toString(), "rev-parse", "--verify", "--quiet",
                            name + "^{commit}")
                    .map(String::trim)
                    .filter(hash -> hash.matches("[0-9a-f]{40,64}"));
        };
    }

    /**
     * @param name a run folder, a commit folder, a summary file, or a commit-ish
     * @param bases folders a relative path is tried against, in order (e.g. the working
     *              directory, then the project's checkout)
     * @return the run folder
     * @throws DiffException "unknown commit 'x'", or "no stored results for commit ... (looked
     *         in ... and ...)", or "no run in ..."
     */
    public Path resolve(String name, List<Path> bases) {
        Optional<Path> asPath = existingPath(name, bases);
        if (asPath.isPresent()) {
            Optional<Path> run = runAt(asPath.get());
            if (run.isPresent()) {
                return run.get();
            }
        }
        Optional<String> commit = commits.resolve(name);
        if (commit.isEmpty()) {
            if (asPath.isPresent()) {
                throw new DiffException("no run in " + asPath.get() + " (no " + RunRecord.SUMMARY
                        + " in it or in any folder inside it), and '" + name + "' names no commit either");
            }
            throw new DiffException("unknown commit '" + name + "'"
                    + (name.contains("/") ? " (and no such run folder)" : ""));
        }
        String shortCommit = commit.get().substring(0, Math.min(12, commit.get().length()));
        Path clean = resultsRoot.resolve(shortCommit);
        Path dirty = resultsRoot.resolve(shortCommit + "-dirty");
        return latestRun(clean).or(() -> latestRun(dirty)).orElseThrow(() -> new DiffException(
                "no stored results for commit " + shortCommit + " ('" + name + "'; looked in " + clean + "/ and " + dirty
                        + "/); run 'stagebench run' on that commit first"));
    }

    /** @return the run a path names: a summary file's folder, a run folder, or a commit folder's latest run */
    private static Optional<Path> runAt(Path path) {
        if (Files.isRegularFile(path) && path.getFileName().toString().equals(RunRecord.SUMMARY)) {
            return Optional.of(path.toAbsolutePath().getParent());
        }
        if (Files.isDirectory(path)) {
            if (Files.isRegularFile(path.resolve(RunRecord.SUMMARY))) {
                return Optional.of(path);
            }
            return latestRun(path);
        }
        return Optional.empty();
    }

    /** @return the latest run folder inside {@code commitDir}: the last by name among those holding a summary */
    public static Optional<Path> latestRun(Path commitDir) {
        if (!Files.isDirectory(commitDir)) {
            return Optional.empty();
        }
        List<Path> runs = new ArrayList<>();
        try (Stream<Path> children = Files.list(commitDir)) {
            children.filter(p -> !p.getFileName().toString().startsWith(AtomicFiles.TEMP_PREFIX))
                    .filter(p -> Files.isRegularFile(p.resolve(RunRecord.SUMMARY)))
                    .forEach(runs::add);
        } catch (IOException e) {
            return Optional.empty();
        }
        return runs.stream().max(Comparator.comparing((Path p) -> base(p)).thenComparingLong(RunResolver::suffix));
    }

    private static Optional<Path> existingPath(String name, List<Path> bases) {
        Path given;
        try {
            given = Path.of(name);
        } catch (RuntimeException e) {
            return Optional.empty();
        }
        if (given.isAbsolute()) {
            return Files.exists(given) ? Optional.of(given) : Optional.empty();
        }
        for (Path base : bases) {
            Path candidate = base.resolve(given).normalize();
            if (Files.exists(candidate)) {
                return Optional.of(candidate);
            }
        }
        return Optional.empty();
    }

    private static String base(Path run) {
        Matcher m = RUN_NAME.matcher(run.getFileName().toString());
        return m.matches() ? m.group(1) : run.getFileName().toString();
    }

    private static long suffix(Path run) {
        Matcher m = RUN_NAME.matcher(run.getFileName().toString());
        return m.matches() && m.group(2) != null ? Long.parseLong(m.group(2)) : 1;
    }
}
