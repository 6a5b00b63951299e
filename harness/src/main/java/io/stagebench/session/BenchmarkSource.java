package io.stagebench.session;

import io.stagebench.config.UsageException;
import io.stagebench.host.BenchmarkClassPath;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.ForkLaunchers;
import io.stagebench.registry.BenchmarkRegistry;
import java.nio.file.Path;

/**
 * Where a command's benchmarks come from: the registry that names them, and the launcher that starts their forks on a
 * class path that holds them. Bad input - a missing entry, a jar without benchmarks, two benchmarks of one name - is a
 * {@link UsageException} (exit 2, one line) before any fork starts.
 *
 * @param registry the benchmarks on offer
 * @param launcher starts their forks
 */
public record BenchmarkSource(BenchmarkRegistry registry, ForkLauncher launcher) {

    /** @return the launcher's own benchmarks, their forks on its own class path, started by {@code launchers} */
    public static BenchmarkSource own(ForkLaunchers launchers) {
        try {
            return new BenchmarkSource(BenchmarkRegistry.load(), launchers.own());
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage(), e);
        }
    }

    /**
     * @param classPath {@code --classpath}, or null for {@link #own}
     * @param base the folder its relative entries are resolved against
     * @param launchers how the forks start
     * @return the built-ins and the benchmarks of {@code classPath}, their forks on it
     * @throws UsageException "--classpath: no such file or folder: /p/target/clases"
     */
    public static BenchmarkSource of(String classPath, Path base, ForkLaunchers launchers) {
        if (classPath == null) {
            return own(launchers);
        }
        try {
            BenchmarkClassPath entries = BenchmarkClassPath.parse(classPath, base);
            return new BenchmarkSource(entries.registry(), entries.launcher(launchers));
        } catch (IllegalArgumentException e) {
            throw new UsageException("--classpath: " + e.getMessage(), e);
        }
    }
}
