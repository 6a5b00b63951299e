package io.stagebench.cli;

/**
 * Adds a subcommand to {@code stagebench} from another module, found with
 * {@link java.util.ServiceLoader} (register the implementation in
 * {@code META-INF/services/io.stagebench.cli.CommandProvider}).
 *
 * <p>It lets modules that build on the harness (the reference stages, a user's own
 * benchmarks) contribute commands such as {@code itch} without the harness knowing them.
 */
public interface CommandProvider {

    /**
     * @return a new instance of a picocli {@code @Command}-annotated class; its
     *         {@code call()} result (an {@code Integer}) is the process exit code
     */
    Object newCommand();
}
