package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.diff.SummaryFixture;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Instant;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class RunResolverTest {

    private static final String COMMIT = "abcdef0123456789abcdef0123456789abcdef01";

    @TempDir
    Path results;

    private final RunResolver resolver = new RunResolver(null, name -> Optional.empty());

    private RunResolver withCommits() {
        return new RunResolver(
                results, name -> name.equals("main") || name.equals(COMMIT) ? Optional.of(COMMIT) : Optional.empty());
    }

    private Path store(String folder, String runId) {
        return SummaryFixture.run()
                .commit(COMMIT)
                .benchmark("spin", Map.of("spin", new double[] {1, 2}))
                .writeTo(results.resolve(folder).resolve(runId));
    }

    @Test
    void shouldTakeTheLatestRunOfACommit() {
        store("abcdef012345", "20261130-050000");
        store("abcdef012345", "20261130-060000");
        Path latest = store("abcdef012345", "20261130-060000-2");
        store("abcdef012345-dirty", "20261201-000000");

        assertEquals(latest, withCommits().resolve("main", List.of(results)));
    }

    @Test
    void shouldNotTakeARunWhoseEveryForkFailedAsACommitsLatest(@TempDir Path fakeRoot) throws Exception {
        Path good = store("abcdef012345", "20261130-050000");
        Path failed = RunFixture.writeFailedRun(results, fakeRoot, COMMIT, Instant.parse("2026-11-30T06:00:00Z"));
        assertEquals(results.resolve("abcdef012345"), failed.getParent(), "both runs are the same commit's");

        assertEquals(good, withCommits().resolve("main", List.of(results)));
        assertEquals(
                good,
                RunResolver.latestRun(List.of(results.resolve("abcdef012345"))).orElseThrow());
        // named by its path, the failed run still reads
        assertEquals(failed, resolver.resolve(failed.toString(), List.of()));
    }

    @Test
    void shouldFallBackToTheDirtyFolderWhenTheCleanOneHasNoRun() {
        Path dirty = store("abcdef012345-dirty", "20261201-000000");

        assertEquals(dirty, withCommits().resolve("main", List.of(results)));
    }

    @Test
    void shouldOrderRunsWithManySuffixesByNumber() {
        store("abcdef012345", "20261130-050000-9");
        Path tenth = store("abcdef012345", "20261130-050000-10");

        assertEquals(
                tenth,
                RunResolver.latestRun(List.of(results.resolve("abcdef012345"))).orElseThrow());
    }

    @Test
    void shouldTakeARunFolderOrItsSummaryAsGiven() {
        Path old = store("abcdef012345", "20261130-050000");
        store("abcdef012345", "20261130-060000");

        assertEquals(old, resolver.resolve(old.toString(), List.of()));
        assertEquals(old, resolver.resolve("abcdef012345/20261130-050000/summary.json", List.of(results)));
    }

    @Test
    void shouldTakeTheLatestRunOfACommitFolder() {
        store("abcdef012345", "20261130-050000");
        Path latest = store("abcdef012345", "20261130-060000");

        assertEquals(latest, resolver.resolve("abcdef012345", List.of(results)));
    }

    @Test
    void shouldNameAnUnknownCommit() {
        StoreException e =
                assertThrows(StoreException.class, () -> withCommits().resolve("nosuch", List.of(results)));

        assertEquals(
                "unknown commit 'nosuch': neither a run folder nor a commit with a complete run under " + results
                        + " (no runs stored)",
                e.getMessage());
    }

    @Test
    void shouldNameWhereItLookedForACommitWithoutResults() throws Exception {
        Files.createDirectories(results.resolve("abcdef012345"));

        StoreException e =
                assertThrows(StoreException.class, () -> withCommits().resolve("main", List.of(results)));

        assertEquals(
                "no stored results for commit abcdef012345 ('main'; looked in " + results.resolve("abcdef012345")
                        + "/ and " + results.resolve("abcdef012345-dirty")
                        + "/); run 'stagebench run' on that commit first",
                e.getMessage());
    }

    @Test
    void shouldPreferACommitOverAFolderThatHoldsNoRun() throws Exception {
        Path stored = store("abcdef012345", "20261130-050000");
        Files.createDirectories(results.resolve("main"));

        assertEquals(stored, withCommits().resolve("main", List.of(results)));
    }

    @Test
    void shouldTakeTheLatestRunOfAllWhenNothingIsNamed() {
        store("abcdef012345", "20261130-050000");
        Path latest = store("0123456789ab", "20261130-060000");

        assertEquals(latest, withCommits().resolve(null, List.of()));
        assertEquals(latest, withCommits().resolve(" ", List.of()));
    }

    @Test
    void shouldResolveAStoredCommitPrefixGitDoesNotKnow() {
        store("0123456789ab", "20261130-050000");
        Path later = store("0123456789ab", "20261130-060000");
        Path dirty = store("0123456789ab-dirty", "20261130-070000");

        assertEquals(dirty, withCommits().resolve("0123456789", List.of(results)));
        assertEquals(dirty, withCommits().resolve("0123456789-dirty", List.of(results)));
        assertEquals(
                later, withCommits().resolve(results.resolve("0123456789ab").toString(), List.of()));
    }

    @Test
    void shouldRefuseAnAmbiguousPrefixAndNameTheStoredCommitsForAnUnknownOne() {
        store("0123456789ab", "20261130-050000");
        store("0123fedcba98", "20261130-050000");

        StoreException ambiguous =
                assertThrows(StoreException.class, () -> withCommits().resolve("0123", List.of()));
        StoreException unknown =
                assertThrows(StoreException.class, () -> withCommits().resolve("beef", List.of()));

        assertTrue(
                ambiguous.getMessage().contains("'0123' matches runs of 2 commits (0123456789ab, 0123fedcba98)"),
                ambiguous.getMessage());
        assertTrue(
                unknown.getMessage().startsWith("unknown commit 'beef': neither a run folder nor a commit"),
                unknown.getMessage());
        assertTrue(unknown.getMessage().contains("(stored: 0123456789ab, 0123fedcba98)"), unknown.getMessage());
    }

    @Test
    void shouldFailWithNoRunStored() {
        StoreException e =
                assertThrows(StoreException.class, () -> withCommits().resolve("", List.of()));

        assertEquals("no complete run under " + results, e.getMessage());
    }
}
