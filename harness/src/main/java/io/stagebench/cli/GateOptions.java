package io.stagebench.cli;

import io.stagebench.diff.Gate;
import java.nio.file.Path;
import java.util.Map;
import java.util.Optional;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The options with which {@code diff} and {@code ab} end a comparison: the regression gate ({@link Gate}) and the
 * Markdown a pull request reads. Under GitHub Actions ({@code GITHUB_STEP_SUMMARY} set) the Markdown is also appended
 * to the job's summary.
 */
final class GateOptions {

    /** Exit code of a gate that cannot judge: a gated row could not have called, or does not rule out, its limit. */
    static final int EXIT_CANNOT_JUDGE = Gate.Outcome.CANNOT_JUDGE.exitCode();

    @Option(
            names = "--fail-on-regression",
            description = {
                "Gate the comparison: exit 1 when any compared statistic is"
                        + " called slower; exit 3 when nothing is, but a tmean row could not have called a slowdown of"
                        + " --max-regression or does not rule one out (its 95%% interval reaches it). It passes (exit 0) only"
                        + " when it could have seen the regression it promises to catch; its first line says what it can call."
            })
    boolean failOnRegression;

    @Option(
            names = "--max-regression",
            paramLabel = "PERCENT",
            description = "The slowdown of a tmean row the gate"
                    + " promises to catch, e.g. 5 or 5%% (default: 5%%); with --fail-on-regression.")
    String maxRegression;

    @Option(
            names = "--markdown",
            paramLabel = "FILE",
            description =
                    "Also write the comparison as Markdown to FILE, for a"
                            + " pull request: the verdict first, then the tmean rows and every row called with what each could detect.")
    Path markdown;

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /**
     * @return the gate of {@code --fail-on-regression}, empty without it
     * @throws CommandLine.ParameterException for a --max-regression that is not a positive percentage, or one given
     *     without --fail-on-regression
     */
    Optional<Gate> gate() {
        if (!failOnRegression) {
            if (maxRegression != null) {
                throw new CommandLine.ParameterException(
                        mixee.commandLine(),
                        "--max-regression sets what" + " --fail-on-regression promises to catch; give both");
            }
            return Optional.empty();
        }
        try {
            return Optional.of(new Gate(
                    maxRegression == null
                            ? Gate.DEFAULT_MAX_REGRESSION_PERCENT
                            : DiffCommand.parseThreshold(maxRegression)));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(
                    mixee.commandLine(), e.getMessage().replace("--threshold", "--max-regression"));
        }
    }

    /** @return the job summary's file under GitHub Actions ({@code GITHUB_STEP_SUMMARY}), empty elsewhere */
    static Optional<Path> stepSummary(Map<String, String> environment) {
        String file = environment.get("GITHUB_STEP_SUMMARY");
        return file == null || file.isBlank() ? Optional.empty() : Optional.of(Path.of(file));
    }

    /** @return the page of the CI run whose artifacts hold the runs (GitHub Actions), or null elsewhere */
    static String runLink(Map<String, String> environment) {
        String server = environment.get("GITHUB_SERVER_URL");
        String repository = environment.get("GITHUB_REPOSITORY");
        String run = environment.get("GITHUB_RUN_ID");
        if (server == null
                || repository == null
                || run == null
                || server.isBlank()
                || repository.isBlank()
                || run.isBlank()) {
            return null;
        }
        return server + "/" + repository + "/actions/runs/" + run;
    }
}
