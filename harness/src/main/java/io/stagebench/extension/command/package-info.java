/**
 * What a command contributed to the {@code stagebench} command line is: a
 * {@link io.stagebench.extension.command.CommandProvider} found through
 * {@link java.util.ServiceLoader}, which reports bad input by throwing
 * {@link io.stagebench.extension.command.UsageException} (exit code 2), and the option values every
 * command reads the same way ({@link io.stagebench.extension.command.Batch}, {@code --batch}). It depends on nothing
 * else of the harness, so every layer that checks a command's input can throw it; what such a
 * command may use of the harness is {@link io.stagebench.extension}.
 */
package io.stagebench.extension.command;
