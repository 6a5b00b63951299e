/**
 * The {@code stagebench itch} and {@code stagebench itch-gen} subcommands, contributed to the harness command line
 * through {@link io.stagebench.extension.CommandProvider}.
 */
package io.stagebench.stages.cli;
