package io.stagebench.extension;

/**
 * Adds a subcommand to {@code stagebench} from another module, found with {@link java.util.ServiceLoader} (register the
 * implementation in {@code META-INF/services/io.stagebench.extension.CommandProvider}).
 *
 * <p>It lets modules that build on the harness (the reference stages, a user's own benchmarks) contribute commands such
 * as {@code itch} without the harness knowing them. A command that measures stagebench benchmarks does so through
 * {@link io.stagebench.extension.Measuring}.
 */
public interface CommandProvider {

    /**
     * @return a new instance of a picocli {@code @Command}-annotated class (or a {@code picocli.CommandLine} built on
     *     one); its {@code call()} result (an {@code Integer}) is the process exit code
     */
    Object newCommand();
}
