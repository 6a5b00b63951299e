package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** What stagebench reads of a checkout through git: commits by name, the first-parent line, ancestry, no checkout. */
@StartsProcesses
class GitCheckoutTest {

    @TempDir
    Path repo;

    private String commit(String subject) throws Exception {
        Files.writeString(repo.resolve("file.txt"), subject);
        TestGit.git(repo, "add", "file.txt");
        TestGit.git(repo, "commit", "-q", "-m", subject);
        return TestGit.git(repo, "rev-parse", "HEAD");
    }

    @Test
    void shouldReadTheFirstParentLineBetweenTwoCommitsLeavingOutAMergedBranchsOwn() throws Exception {
        TestGit.git(repo, "init", "-q", "-b", "main");
        String first = commit("first");
        String second = commit("second");
        TestGit.git(repo, "checkout", "-q", "-b", "side");
        String side = commit("side");
        TestGit.git(repo, "checkout", "-q", "main");
        TestGit.git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side");
        String merge = TestGit.git(repo, "rev-parse", "HEAD");
        GitCheckout checkout = GitCheckout.of(repo);

        List<GitCheckout.Commit> line = checkout.firstParent(merge, first);

        assertEquals(
                List.of(first, second, merge),
                line.stream().map(GitCheckout.Commit::hash).toList());
        assertEquals(
                List.of("first", "second", "merge side"),
                line.stream().map(GitCheckout.Commit::subject).toList());
        assertEquals(first.substring(0, 12), line.get(0).shortHash());
        assertEquals(Optional.of(second), checkout.resolve("HEAD~1"));
        assertEquals(Optional.of(side), checkout.resolve("side"));
        assertEquals(Optional.empty(), checkout.resolve("no-such-branch"));
        assertEquals(Optional.empty(), checkout.resolve("--all"), "an option is no commit");
        assertTrue(checkout.isAncestor(first, merge));
        assertFalse(checkout.isAncestor(merge, first));
        assertEquals(Optional.empty(), checkout.problem());
    }

    @Test
    void shouldGiveBisectALineWhoseEveryCommitContainsGoodWhenGoodIsAMergesSecondParent() throws Exception {
        TestGit.git(repo, "init", "-q", "-b", "main");
        commit("first");
        TestGit.git(repo, "checkout", "-q", "-b", "side");
        Files.writeString(repo.resolve("side.txt"), "side");
        TestGit.git(repo, "add", "side.txt");
        TestGit.git(repo, "commit", "-q", "-m", "side");
        String side = TestGit.git(repo, "rev-parse", "HEAD");
        TestGit.git(repo, "checkout", "-q", "main");
        String second = commit("second");
        String third = commit("third");
        TestGit.git(repo, "merge", "-q", "--no-ff", "-m", "merge side", "side");
        String merge = TestGit.git(repo, "rev-parse", "HEAD");
        GitCheckout checkout = GitCheckout.of(repo);

        List<GitCheckout.Commit> line = checkout.ancestryLine(side, merge);

        assertEquals(
                List.of(side, merge),
                line.stream().map(GitCheckout.Commit::hash).toList());
        assertEquals("merge side", line.get(1).subject());
        assertTrue(line.stream().allMatch(c -> checkout.isAncestor(side, c.hash())));
        assertFalse(checkout.isAncestor(side, third), "the first-parent line's commits do not contain GOOD");
        assertEquals(
                List.of(second, third, merge),
                checkout.ancestryLine(second, merge).stream()
                        .map(GitCheckout.Commit::hash)
                        .toList(),
                "GOOD on the first-parent line: that line");
    }

    @Test
    void shouldSayWhyAFolderOutsideAnyCheckoutHasNoCommits(@TempDir Path elsewhere) {
        GitCheckout none = GitCheckout.of(elsewhere);

        assertEquals(Optional.of(elsewhere.toAbsolutePath() + " is not in a git checkout"), none.problem());
        assertEquals(Optional.empty(), none.resolve("HEAD"));
        assertEquals(List.of(), none.firstParent("HEAD", null));
    }
}
