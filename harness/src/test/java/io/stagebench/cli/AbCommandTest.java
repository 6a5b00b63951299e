package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.host.InProcessForks;
import io.stagebench.testing.StartsProcesses;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class AbCommandTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private int ab(String... args) {
        String[] all = new String[args.length + 3];
        all[0] = "ab";
        System.arraycopy(args, 0, all, 1, args.length);
        all[args.length + 1] = "--results";
        all[args.length + 2] = results.toString();
        return Main.run(all, new PrintWriter(out, true), new PrintWriter(err, true), InProcessForks.LAUNCHERS);
    }

    private void assertUsageError(int code, String expected) throws Exception {
        assertEquals(2, code, err.toString());
        assertTrue(err.toString().contains(expected), err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        try (var files = Files.list(results)) {
            assertEquals(
                    0, files.count(), "nothing may be built, measured or written before the arguments are checked");
        }
    }

    @Test
    void shouldSayHowToNameABenchmarkGivenWhereTheCommitGoes() throws Exception {
        assertUsageError(
                ab("spin"),
                "unknown commit 'spin' (to compare HEAD on benchmark spin, name the commit first:"
                        + " stagebench ab HEAD spin)");
    }

    @Test
    void shouldFindAnUnwritableResultsFolderBeforeBuildingAnything() throws Exception {
        Path file = Files.writeString(results.resolve("a-file"), "not a folder");
        int code = Main.run(
                new String[] {
                    "ab", "HEAD", "spin", "--results", file.resolve("results").toString()
                },
                new PrintWriter(out, true),
                new PrintWriter(err, true),
                InProcessForks.LAUNCHERS);

        assertEquals(2, code, err.toString());
        assertEquals(1, err.toString().strip().lines().count(), err.toString());
        assertTrue(
                err.toString().contains("results folder " + file.resolve("results") + " is not writable (")
                        && err.toString().contains("nothing was built or measured"),
                err.toString());
    }

    @StartsProcesses
    @Test
    void shouldSayWhenItRunsOutsideAGitRepository(@TempDir Path notARepository) throws Exception {
        CommandLineProcess.Result ab = CommandLineProcess.run(notARepository, "ab", "HEAD", "spin");

        assertEquals(2, ab.exitCode(), ab.err());
        assertEquals(1, ab.err().strip().lines().count(), ab.err());
        assertTrue(ab.err().contains("not a git repository: " + notARepository.toRealPath()), ab.err());
    }

    @Test
    void shouldRejectAnUnknownCommit() throws Exception {
        assertUsageError(ab("no-such-commit-anywhere"), "unknown commit 'no-such-commit-anywhere'");
    }

    @Test
    void shouldRejectAnUnknownBenchmarkBeforeBuildingAnything() throws Exception {
        assertUsageError(ab("HEAD", "nosuch"), "unknown benchmark 'nosuch' (valid: spin, empty");
    }

    @Test
    void shouldRejectASideParameterOutOfRangeBeforeBuildingAnything() throws Exception {
        assertUsageError(ab("HEAD", "spin", "--b-param", "ticks=-1"), "--param ticks=-1 is out of range for spin");
    }

    @Test
    void shouldRejectAnUnknownStatistic() throws Exception {
        assertUsageError(
                ab("HEAD", "spin", "--stat", "p95"),
                "--stat: unknown statistic 'p95' (valid: tmean, p50, p99, p99.9, max)");
    }

    @Test
    void shouldRejectTooFewMaxForksBeforeBuildingAnything() throws Exception {
        assertUsageError(ab("HEAD", "spin", "--max-forks", "1"), "--max-forks must be at least 2 (a side), got 1");
    }

    @Test
    void shouldRejectANegativeBudget() throws Exception {
        assertUsageError(
                ab("HEAD", "spin", "--budget", "-1"), "--budget: cannot parse '-1' (a time such as 4m, 90s or 1500ms");
    }

    @Test
    void shouldRejectAFixedForkCountCombinedWithASequentialOption() throws Exception {
        assertUsageError(ab("HEAD", "spin", "-f", "10", "--max-forks", "20"), "--forks and --quick fix the fork count");
    }

    @Test
    void shouldRejectATargetThatIsNotAPercentage() throws Exception {
        assertUsageError(ab("HEAD", "spin", "--target", "lots"), "--target: cannot parse 'lots'");
    }

    @Test
    void shouldRejectACpuThatDoesNotExist() throws Exception {
        assertUsageError(ab("HEAD", "spin", "--cpu", "4096"), "CPU 4096 does not exist (available: ");
    }

    @Test
    void shouldRefuseAParameterSweepInOneLine() throws Exception {
        assertUsageError(ab("HEAD", "spin", "--param", "ticks=500,1000"), "ab compares one value of each parameter");
    }

    @Test
    void shouldRefuseAMaximumRegressionWithoutTheGateBeforeBuildingAnything() throws Exception {
        assertUsageError(
                ab("HEAD", "spin", "--max-regression", "5"),
                "--max-regression sets what --fail-on-regression" + " promises to catch; give both");
    }

    @Test
    void shouldRefuseAMaximumRegressionItCannotParseBeforeBuildingAnything() throws Exception {
        assertUsageError(
                ab("HEAD", "spin", "--fail-on-regression", "--max-regression", "lots"),
                "--max-regression: cannot parse 'lots'");
    }
}
