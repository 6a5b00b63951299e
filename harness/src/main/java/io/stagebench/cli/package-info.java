/**
 * The {@code stagebench} command line: one picocli command per subcommand, their shared option mixins
 * ({@link io.stagebench.cli.MeasurementOptions}, {@link io.stagebench.cli.VerdictOptions}) and
 * {@link io.stagebench.cli.Main}, whose handlers turn bad input into one line and exit 2, and a bug into its trace and
 * exit 70.
 *
 * <p>The launcher's top. May use every package of the harness but the fork's ({@code forked}).
 */
package io.stagebench.cli;
