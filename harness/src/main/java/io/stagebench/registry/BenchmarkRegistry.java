package io.stagebench.registry;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.WallClock;
import io.stagebench.builtin.EmptyBenchmark;
import io.stagebench.builtin.JitterBenchmark;
import io.stagebench.builtin.ServiceBenchmark;
import io.stagebench.builtin.SpinBenchmark;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStream;
import java.io.InputStreamReader;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.net.URI;
import java.net.URL;
import java.nio.charset.StandardCharsets;
import java.nio.file.FileSystemNotFoundException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Collection;
import java.util.Collections;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.stream.Collectors;

/**
 * Every benchmark the class path offers: the built-ins ({@code spin} and {@code empty}, the rulers; {@code jitter}, the
 * platform's stalls; {@code service}, a known service time) and the classes the annotation processor listed in
 * {@value #LIST_RESOURCE}, one {@code name<TAB>class} line each.
 */
public final class BenchmarkRegistry {

    /** Where the annotation processor lists benchmark classes. */
    public static final String LIST_RESOURCE = "META-INF/stagebench/benchmarks.list";

    private final Map<String, BenchmarkDescriptor> benchmarks;
    private final List<String> builtins;
    private final Map<String, Class<?>> types;

    BenchmarkRegistry(Map<String, BenchmarkDescriptor> benchmarks, List<String> builtins) {
        this(benchmarks, builtins, Map.of());
    }

    private BenchmarkRegistry(
            Map<String, BenchmarkDescriptor> benchmarks, List<String> builtins, Map<String, Class<?>> types) {
        this.benchmarks = benchmarks;
        this.builtins = builtins;
        this.types = types;
    }

    /**
     * Reads the registry from this class's own class loader: the built-ins and every list on the launcher's class path.
     *
     * @throws IllegalArgumentException "two benchmarks are named 'x': a.X (in one.jar) and b.X (in classes)"
     */
    public static BenchmarkRegistry load() {
        ClassLoader loader = BenchmarkRegistry.class.getClassLoader();
        try {
            return load(loader, Collections.list(loader.getResources(LIST_RESOURCE)));
        } catch (IOException e) {
            throw new UncheckedIOException("cannot read " + LIST_RESOURCE, e);
        }
    }

    /**
     * Reads the built-ins and the benchmarks named in {@code lists}, their classes loaded (not initialised) through
     * {@code loader}.
     *
     * @throws IllegalArgumentException when a list names a class the loader cannot find, or two classes claim one name:
     *     "two benchmarks are named 'x': a.X (in one.jar) and b.X (in classes)"
     */
    public static BenchmarkRegistry load(ClassLoader loader, List<URL> lists) throws IOException {
        Map<String, BenchmarkDescriptor> found = new LinkedHashMap<>();
        Map<String, Class<?>> types = new LinkedHashMap<>();
        Map<String, String> origin = new LinkedHashMap<>();
        List<String> builtins = new ArrayList<>();
        for (Class<?> type :
                List.of(SpinBenchmark.class, EmptyBenchmark.class, JitterBenchmark.class, ServiceBenchmark.class)) {
            BenchmarkDescriptor descriptor = BenchmarkDescriptor.of(type);
            found.put(descriptor.name(), descriptor);
            types.put(descriptor.name(), type);
            origin.put(descriptor.name(), "built in");
            builtins.add(descriptor.name());
        }
        for (URL list : lists) {
            String from = origin(list);
            for (String className : read(list)) {
                BenchmarkDescriptor descriptor;
                Class<?> type;
                try {
                    type = Class.forName(className, false, loader);
                    descriptor = BenchmarkDescriptor.of(type);
                } catch (ClassNotFoundException | LinkageError e) {
                    throw new IllegalArgumentException(
                            from + " lists " + className + ", which cannot be loaded from" + " the class path (" + e
                                    + ")",
                            e);
                }
                BenchmarkDescriptor previous = found.putIfAbsent(descriptor.name(), descriptor);
                if (previous == null) {
                    origin.put(descriptor.name(), from);
                    types.put(descriptor.name(), type);
                } else if (!previous.className().equals(className)) {
                    throw new IllegalArgumentException("two benchmarks are named '" + descriptor.name() + "': "
                            + previous.className() + " (" + origin.get(descriptor.name()) + ") and " + className
                            + " (" + from + ")");
                }
            }
        }
        return new BenchmarkRegistry(found, builtins, types);
    }

    /**
     * Runs each named benchmark's {@link CheckParams} methods with the parameters its forks will get, before anything
     * is created.
     *
     * @param warmupMessages warm-up messages per fork (-1 when warm-up is a time)
     * @param measured measured messages per fork
     * @throws IllegalArgumentException "encode: ..." - the first check that fails, in one line
     */
    public void checkDerived(
            List<String> benchmarkNames, long warmupMessages, long measured, Map<String, String> params) {
        for (String name : benchmarkNames) {
            Class<?> type = types.get(name);
            if (type == null) {
                continue;
            }
            for (ParamSweep.Variant variant : ParamSweep.variants(get(name), params)) {
                checkDerived(
                        type,
                        variant.name(),
                        new BenchmarkParams(
                                name,
                                1,
                                warmupMessages,
                                measured,
                                get(name).paramsWithDefaults(variant.params()),
                                0,
                                get(name).tags()));
            }
        }
    }

    private static void checkDerived(Class<?> type, String name, BenchmarkParams forkParams) {
        for (Method method : type.getMethods()) {
            if (!method.isAnnotationPresent(CheckParams.class)) {
                continue;
            }
            if (!Modifier.isStatic(method.getModifiers())
                    || method.getParameterCount() != 1
                    || method.getParameterTypes()[0] != BenchmarkParams.class) {
                throw new IllegalArgumentException(name + ": @CheckParams method " + method.getName()
                        + " must be public static and take BenchmarkParams");
            }
            try {
                method.invoke(null, forkParams);
            } catch (InvocationTargetException e) {
                Throwable cause = e.getCause();
                throw new IllegalArgumentException(
                        name + ": "
                                + (cause instanceof IllegalArgumentException
                                        ? cause.getMessage()
                                        : "@CheckParams " + method.getName() + " failed: " + cause),
                        cause);
            } catch (IllegalAccessException e) {
                throw new IllegalArgumentException(name + ": @CheckParams " + method.getName() + " is not public", e);
            }
        }
    }

    /** @return "in /p/one.jar" or "in /p/classes": the class path entry that holds {@code list} */
    private static String origin(URL list) {
        String text = list.toString();
        String entry = text.startsWith("jar:") && text.contains("!/")
                ? text.substring(4, text.indexOf("!/"))
                : text.endsWith(LIST_RESOURCE) ? text.substring(0, text.length() - LIST_RESOURCE.length()) : text;
        try {
            return "in " + Path.of(URI.create(entry));
        } catch (IllegalArgumentException | FileSystemNotFoundException e) {
            return "in " + entry;
        }
    }

    private static List<String> read(URL list) throws IOException {
        try (InputStream in = list.openStream()) {
            return entries(in).stream().map(entry -> entry[entry.length - 1]).toList();
        }
    }

    /** @return a list's entries: {@code {name, class}}, or {@code {class}} for a line without a name */
    private static List<String[]> entries(InputStream list) throws IOException {
        List<String[]> entries = new ArrayList<>();
        BufferedReader reader = new BufferedReader(new InputStreamReader(list, StandardCharsets.UTF_8));
        String line;
        while ((line = reader.readLine()) != null) {
            String trimmed = line.strip();
            if (trimmed.isEmpty() || trimmed.startsWith("#")) {
                continue;
            }
            int tab = trimmed.indexOf('\t');
            entries.add(
                    tab < 0
                            ? new String[] {trimmed}
                            : new String[] {
                                trimmed.substring(0, tab).strip(),
                                trimmed.substring(tab + 1).strip()
                            });
        }
        return entries;
    }

    /** @return the benchmark names a {@value #LIST_RESOURCE} gives, in its order, without loading a class */
    public static List<String> namesListed(InputStream list) throws IOException {
        return entries(list).stream()
                .filter(entry -> entry.length == 2)
                .map(entry -> entry[0])
                .toList();
    }

    /**
     * Another build's benchmarks read as this build's descriptors, none of its classes loaded: the built-ins and those
     * of {@code names} this registry has. What a benchmark of stagebench's own older commit is, {@code ab} and
     * {@code bisect} take from the launcher's build; whether that commit has it at all, from the commit's own list.
     */
    public BenchmarkRegistry only(Collection<String> names) {
        Map<String, BenchmarkDescriptor> kept = new LinkedHashMap<>(benchmarks);
        kept.keySet().removeIf(name -> !builtins.contains(name) && !names.contains(name));
        Map<String, Class<?>> keptTypes = new LinkedHashMap<>(types);
        keptTypes.keySet().retainAll(kept.keySet());
        return new BenchmarkRegistry(kept, builtins, keptTypes);
    }

    /** @throws IllegalArgumentException "unknown benchmark 'x' (valid: a, b, c)" */
    public BenchmarkDescriptor get(String name) {
        BenchmarkDescriptor descriptor = benchmarks.get(name);
        if (descriptor == null) {
            throw new IllegalArgumentException(
                    "unknown benchmark '" + name + "' (valid: " + String.join(", ", names()) + ")");
        }
        return descriptor;
    }

    /**
     * Checks {@code --param}s against the benchmarks of a run, before any fork starts: a key must be declared by at
     * least one of them, and its value valid for every one that declares it (one {@code --param} goes to every
     * benchmark of the run; those that do not declare it ignore it).
     *
     * @throws IllegalArgumentException one line naming the parameter and listing the valid ones
     */
    public void checkParams(List<String> benchmarkNames, Map<String, String> params) {
        List<BenchmarkDescriptor> run = benchmarkNames.stream().map(this::get).toList();
        params.forEach((key, value) -> {
            List<BenchmarkDescriptor> takers =
                    run.stream().filter(d -> d.parameter(key).isPresent()).toList();
            if (takers.isEmpty()) {
                throw new IllegalArgumentException("--param " + key + " is not a parameter of "
                        + (run.size() == 1
                                ? run.get(0).name() + " (" + run.get(0).validParams() + ")"
                                : "any benchmark run ("
                                        + String.join(
                                                "; ",
                                                run.stream()
                                                        .map(d -> d.name() + ": " + d.describeParams())
                                                        .toList())
                                        + ")"));
            }
            takers.forEach(d -> d.checkParams(Map.of(key, value)));
        });
    }

    /** @return every benchmark name */
    public List<String> names() {
        return List.copyOf(benchmarks.keySet());
    }

    /** @return every benchmark */
    public Collection<BenchmarkDescriptor> all() {
        return benchmarks.values();
    }

    /**
     * @return the benchmarks {@code stagebench run} runs when none is named: all but the built-in rulers, the handoff
     *     benchmarks (they take a second CPU) and those that say so ({@link Benchmark#byDefault()}), single-stage
     *     benchmarks first in the order a pipeline declares its stages, then the rest by name
     */
    public List<BenchmarkDescriptor> defaults() {
        List<BenchmarkDescriptor> candidates = benchmarks.values().stream()
                .filter(d -> !builtins.contains(d.name()) && !d.isHandoff() && byDefault(d))
                .collect(Collectors.toList());
        List<String> stageOrder = candidates.stream()
                .filter(BenchmarkDescriptor::isPipeline)
                .flatMap(d -> d.stages().stream())
                .distinct()
                .toList();
        candidates.sort(Comparator.comparingInt((BenchmarkDescriptor d) -> d.isPipeline() ? 1 : 0)
                .thenComparingInt(d -> stageOrder.contains(d.name()) ? stageOrder.indexOf(d.name()) : stageOrder.size())
                .thenComparing(BenchmarkDescriptor::name));
        return candidates;
    }

    /**
     * @return whether benchmark {@code name} maps kernel timestamps: a {@link io.stagebench.api.Setup} or
     *     {@link io.stagebench.api.Reset} method of its takes a {@link WallClock}, so its stages start or end outside
     *     the process and no batch can hold them
     */
    public boolean mapsKernelStamps(String name) {
        Class<?> type = types.get(name);
        if (type == null) {
            return false;
        }
        for (Method method : type.getMethods()) {
            if ((method.isAnnotationPresent(Setup.class) || method.isAnnotationPresent(Reset.class))
                    && Arrays.asList(method.getParameterTypes()).contains(WallClock.class)) {
                return true;
            }
        }
        return false;
    }

    private boolean byDefault(BenchmarkDescriptor descriptor) {
        Class<?> type = types.get(descriptor.name());
        Benchmark annotation = type == null ? null : type.getAnnotation(Benchmark.class);
        return annotation == null || annotation.byDefault();
    }

    /** @return whether {@code name} is a built-in */
    public boolean isBuiltin(String name) {
        return builtins.contains(name);
    }
}
