package io.stagebench.registry;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.net.MalformedURLException;
import java.net.URL;
import java.net.URLClassLoader;
import java.nio.file.Path;
import java.util.Collections;
import java.util.Enumeration;
import java.util.List;

/**
 * The class loader of a project's own benchmarks ({@code --classpath}): the project's entries, and of the harness only
 * what a benchmark is written against - {@code io.stagebench.api} and {@code io.stagebench.clock}. The harness's own
 * libraries (Jackson, JNA, HdrHistogram, picocli, and whatever the launcher's application bundles) are not visible, so
 * a project that depends on another version of one of them measures with its own version, as JMH's benchmarks.jar
 * carries exactly the project's dependencies.
 *
 * <p>Measurement hazard: the benchmark's classes are defined by this loader and the measured loop's by the application
 * loader. HotSpot inlines across class loaders, and the loop's call to the benchmark is as monomorphic as before, but a
 * project's figures from before and after this loader existed are two builds of the launcher: compare them with
 * {@code ab}, not across versions.
 */
public final class BenchmarkClassLoader extends URLClassLoader {

    /** The packages of the harness a benchmark sees: what it implements and the clock it is handed. */
    public static final List<String> VISIBLE_PACKAGES = List.of("io.stagebench.api.", "io.stagebench.clock.");

    private BenchmarkClassLoader(URL[] urls, ClassLoader parent) {
        super("stagebench-benchmarks", urls, parent);
    }

    /**
     * @param entries the project's jars and class folders
     * @param harness the loader of the harness's own classes
     */
    public static BenchmarkClassLoader of(List<Path> entries, ClassLoader harness) {
        URL[] urls = entries.stream().map(BenchmarkClassLoader::url).toArray(URL[]::new);
        return new BenchmarkClassLoader(urls, new HarnessApi(harness));
    }

    private static URL url(Path entry) {
        try {
            return entry.toUri().toURL();
        } catch (MalformedURLException e) {
            throw new IllegalArgumentException("not a class path entry: " + entry, e);
        }
    }

    /** @return the benchmark lists of the project's own entries ({@value BenchmarkRegistry#LIST_RESOURCE}) */
    public List<URL> benchmarkLists() {
        try {
            return Collections.list(findResources(BenchmarkRegistry.LIST_RESOURCE));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + BenchmarkRegistry.LIST_RESOURCE, e);
        }
    }

    /** The JDK, and of the harness its API packages alone. */
    private static final class HarnessApi extends ClassLoader {

        private final ClassLoader harness;

        HarnessApi(ClassLoader harness) {
            super("stagebench-api", ClassLoader.getPlatformClassLoader());
            this.harness = harness;
        }

        @Override
        protected Class<?> loadClass(String name, boolean resolve) throws ClassNotFoundException {
            for (String visible : VISIBLE_PACKAGES) {
                if (name.startsWith(visible)) {
                    return harness.loadClass(name);
                }
            }
            return super.loadClass(name, resolve);
        }

        @Override
        public URL getResource(String name) {
            return getParent().getResource(name);
        }

        @Override
        public Enumeration<URL> getResources(String name) throws IOException {
            return getParent().getResources(name);
        }
    }
}
