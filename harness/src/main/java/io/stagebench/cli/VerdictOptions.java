package io.stagebench.cli;

import io.stagebench.diff.VerdictRule;
import picocli.CommandLine;
import picocli.CommandLine.Option;

/**
 * The verdict rule's options of every command that judges a comparison ({@code diff}, {@code ab}, {@code history},
 * {@code bisect}): its significance level and the smallest change it calls.
 */
final class VerdictOptions {

    @Option(
            names = "--alpha",
            paramLabel = "P",
            description = "Significance level of a comparison, in (0, 1) (default: ${DEFAULT-VALUE}).")
    double alpha = VerdictRule.DEFAULT_ALPHA;

    @Option(
            names = "--threshold",
            paramLabel = "PERCENT",
            description = "Smallest change that can be called, e.g. 2 or 2%% (default: 2%%).")
    String threshold = "2";

    @CommandLine.Spec(CommandLine.Spec.Target.MIXEE)
    CommandLine.Model.CommandSpec mixee;

    /**
     * @return the rule, one look
     * @throws CommandLine.ParameterException "alpha must be in (0, 1), got 1.5", "--threshold: cannot parse 'x' ..."
     */
    VerdictRule rule() {
        try {
            return new VerdictRule(alpha, DiffCommand.parseThreshold(threshold));
        } catch (IllegalArgumentException e) {
            throw new CommandLine.ParameterException(mixee.commandLine(), e.getMessage());
        }
    }
}
