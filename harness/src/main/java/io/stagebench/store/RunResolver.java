package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.system.GitCheckout;
import io.stagebench.system.GitInfo;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.Set;
import java.util.TreeSet;
import java.util.stream.Stream;

/**
 * The one resolver of stored runs: turns what a user names on the command line ({@code diff A B}, {@code report RUN})
 * into a run folder of the store:
 *
 * <ul>
 *   <li>nothing: the latest run of all;
 *   <li>a run folder (holding {@code summary.json}), or that file itself: that run;
 *   <li>a commit folder of the store ({@code results/<commit>[-dirty]/}): its latest run;
 *   <li>a commit-ish ({@code HEAD~1}, a branch, a tag, a hash), resolved with {@code git rev-parse} in the project's
 *       checkout: the latest run of {@code results/<12-char commit>/}, else of {@code results/<12-char commit>-dirty/};
 *   <li>else a commit prefix (with {@code -dirty} for dirty runs) of the commit folders stored, which git may no longer
 *       know: that commit's latest run.
 * </ul>
 *
 * A path wins only when it holds a run: a branch that shares its name with a folder of the checkout ({@code stages},
 * {@code harness}) still names the branch. The latest run is the one whose {@link RunId} sorts last. Only folders
 * holding a {@code summary.json} are runs; what they hold is checked by {@link ResultReader} when they are read.
 */
public final class RunResolver {

    /** Resolves a commit-ish to a full hash, or empty when it names no commit. */
    @FunctionalInterface
    public interface CommitResolver {
        Optional<String> resolve(String commitish);

        /** @return why no commit-ish can be resolved at all (git refuses the checkout), else empty */
        default Optional<String> problem() {
            return Optional.empty();
        }
    }

    private final Path resultsRoot;
    private final CommitResolver commits;

    /**
     * @param resultsRoot the store ({@code results/})
     * @param commits commit-ish resolution (tests script it; see {@link #git(Path)})
     */
    public RunResolver(Path resultsRoot, CommitResolver commits) {
        this.resultsRoot = resultsRoot;
        this.commits = commits;
    }

    /** @return commit resolution with {@code git rev-parse --verify NAME^{commit}} in {@code checkout} */
    public static CommitResolver git(Path checkout) {
        return new CommitResolver() {
            @Override
            public Optional<String> resolve(String name) {
                return GitCheckout.of(checkout).resolve(name);
            }

            @Override
            public Optional<String> problem() {
                return Optional.ofNullable(GitInfo.read(checkout).problem());
            }
        };
    }

    /**
     * @param name a run folder, a commit folder, a summary file, a commit-ish, a stored commit prefix, or null / blank
     *     for the latest run of all
     * @param bases folders a relative path is tried against, in order (e.g. the working directory, then the project's
     *     checkout)
     * @return the run folder
     * @throws StoreException "no complete run under ...", "unknown commit 'x' ...", "no stored results for commit ...
     *     (looked in ... and ...)", "'x' matches runs of 2 commits ..."
     */
    public Path resolve(String name, List<Path> bases) {
        if (name == null || name.isBlank()) {
            return latestRun(commitFolders())
                    .orElseThrow(() -> new StoreException("no complete run under " + resultsRoot));
        }
        Optional<Path> asPath = existingPath(name, bases);
        if (asPath.isPresent()) {
            Optional<Path> run = runAt(asPath.get());
            if (run.isPresent()) {
                return run.get();
            }
        }
        Optional<String> commit = commits.resolve(name);
        if (commit.isPresent()) {
            String shortCommit =
                    commit.get().substring(0, Math.min(12, commit.get().length()));
            Path clean = resultsRoot.resolve(shortCommit);
            Path dirty = resultsRoot.resolve(shortCommit + "-dirty");
            return latestRun(List.of(clean))
                    .or(() -> latestRun(List.of(dirty)))
                    .orElseThrow(() -> new StoreException(
                            "no stored results for commit " + shortCommit + " ('" + name + "'; looked in " + clean
                                    + "/ and " + dirty + "/); run 'stagebench run' on that commit first"));
        }
        return storedPrefix(name, asPath);
    }

    /** @return the latest run of the commit folders whose name starts with {@code name}, which must name one commit */
    private Path storedPrefix(String name, Optional<Path> asPath) {
        String wanted = name.trim().toLowerCase(Locale.ROOT);
        List<Path> folders = commitFolders();
        List<Path> matching = folders.stream()
                .filter(f -> matches(f.getFileName().toString(), wanted))
                .toList();
        Set<String> commits = new TreeSet<>();
        matching.forEach(f -> commits.add(f.getFileName().toString().replace("-dirty", "")));
        if (commits.size() > 1) {
            throw new StoreException("'" + name + "' matches runs of " + commits.size() + " commits ("
                    + String.join(", ", commits) + "); give more of the hash");
        }
        Optional<Path> run = latestRun(matching);
        if (run.isPresent()) {
            return run.get();
        }
        if (asPath.isPresent()) {
            throw new StoreException("no run in " + asPath.get() + " (no " + RunStore.SUMMARY
                    + " in it or in any folder inside it), and '" + name + "' names no commit either");
        }
        Set<String> stored = new TreeSet<>();
        folders.stream()
                .filter(f -> latestRun(List.of(f)).isPresent())
                .forEach(f -> stored.add(f.getFileName().toString()));
        throw new StoreException(
                "unknown commit '" + name + "': neither a run folder nor a commit with a complete run under "
                        + resultsRoot
                        + (stored.isEmpty() ? " (no runs stored)" : " (stored: " + String.join(", ", stored) + ")")
                        + this.commits.problem().map(why -> "; " + why).orElse(""));
    }

    private static boolean matches(String folder, String wanted) {
        boolean dirtyWanted = wanted.endsWith("-dirty");
        String prefix = wanted.replace("-dirty", "");
        return !prefix.isEmpty()
                && prefix.chars().allMatch(c -> Character.digit(c, 16) >= 0)
                && folder.startsWith(prefix)
                && (!dirtyWanted || folder.endsWith("-dirty"));
    }

    /** @return the run a path names: a summary file's folder, a run folder, or a commit folder's latest run */
    private static Optional<Path> runAt(Path path) {
        if (Files.isRegularFile(path) && path.getFileName().toString().equals(RunStore.SUMMARY)) {
            return Optional.of(path.toAbsolutePath().getParent());
        }
        if (Files.isDirectory(path)) {
            if (Files.isRegularFile(path.resolve(RunStore.SUMMARY))) {
                return Optional.of(path);
            }
            return latestRun(List.of(path));
        }
        return Optional.empty();
    }

    private List<Path> commitFolders() {
        return resultsRoot == null ? List.of() : folders(resultsRoot);
    }

    /**
     * @return the latest run folder inside {@code commitDirs}: the last by {@link RunId} among those holding a summary
     *     with data - a run whose every fork failed is kept (named by its path it still reads, and says so), but it is
     *     no commit's latest run
     */
    public static Optional<Path> latestRun(List<Path> commitDirs) {
        List<Path> runs = new ArrayList<>();
        for (Path commitDir : commitDirs) {
            folders(commitDir).stream()
                    .filter(p -> Files.isRegularFile(p.resolve(RunStore.SUMMARY)))
                    .filter(RunResolver::hasData)
                    .forEach(runs::add);
        }
        return runs.stream().max(RunId.ORDER.thenComparing(Path::toString));
    }

    /**
     * @return false only for a readable summary in which no benchmark has a fork that succeeded; an unreadable one
     *     counts as data, so reading it names the file and what is wrong
     */
    private static boolean hasData(Path runDir) {
        try {
            JsonNode benchmarks = Json.mapper()
                    .readTree(runDir.resolve(RunStore.SUMMARY).toFile())
                    .path("benchmarks");
            if (!benchmarks.isArray() || benchmarks.isEmpty()) {
                return true;
            }
            for (JsonNode b : benchmarks) {
                if (!b.has("forksSucceeded") || b.path("forksSucceeded").asInt() > 0) {
                    return true;
                }
            }
            return false;
        } catch (IOException | RuntimeException e) {
            return true;
        }
    }

    /** @return the folders inside {@code dir}, by name, without hidden and temporary ones; empty when it is none */
    static List<Path> folders(Path dir) {
        if (!Files.isDirectory(dir)) {
            return List.of();
        }
        try (Stream<Path> children = Files.list(dir)) {
            return children.filter(Files::isDirectory)
                    .filter(p -> !p.getFileName().toString().startsWith("."))
                    .sorted()
                    .toList();
        } catch (IOException e) {
            return List.of();
        }
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
}
