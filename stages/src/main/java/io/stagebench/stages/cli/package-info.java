/**
 * The {@code stagebench itch} and {@code stagebench itch-gen} subcommands, contributed to the
 * harness command line through {@link io.stagebench.extension.command.CommandProvider}.
 */
package io.stagebench.stages.cli;
