package io.stagebench.registry;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.HandoffOperation;
import io.stagebench.api.Operation;
import io.stagebench.api.ParameterDeclaration;
import io.stagebench.api.Reset;
import io.stagebench.api.SeriesNames;
import io.stagebench.api.Setup;
import io.stagebench.api.TagDeclaration;
import io.stagebench.api.TearDown;
import io.stagebench.api.WallClock;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.Clock;
import java.lang.annotation.Annotation;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.Method;
import java.lang.reflect.Modifier;
import java.util.ArrayList;
import java.util.Arrays;
import java.util.Comparator;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.function.Supplier;
import java.util.regex.Pattern;

/**
 * A discovered benchmark: its name, stages, parameters and class, and the reflection that creates it and runs its
 * {@link Setup} and {@link TearDown} methods (outside any measurement).
 *
 * @param name benchmark name
 * @param stages stage names in order (at least one)
 * @param description one line
 * @param className implementing class
 * @param parameters the {@code --param}s it takes, in declaration order
 * @param threads a handoff benchmark's threads, feed first ({@link Benchmark#threads()}); empty for one thread
 * @param tags the tags it declares for its messages ({@link Benchmark#tags()}), in index order
 * @param jvmArgs JVM arguments its code needs in every fork ({@link Benchmark#jvmArgs()})
 */
public record BenchmarkDescriptor(
        String name,
        List<String> stages,
        String description,
        String className,
        List<ParameterDeclaration> parameters,
        List<String> threads,
        List<String> tags,
        List<String> jvmArgs) {

    /** A benchmark's {@link Reset} methods, resolved once and run between passes. */
    @FunctionalInterface
    public interface ResetAction {
        void reset() throws Exception;
    }

    private static final Pattern NAME = Pattern.compile(Benchmark.NAME_PATTERN);

    public BenchmarkDescriptor {
        stages = List.copyOf(stages);
        parameters = List.copyOf(parameters);
        threads = threads == null ? List.of() : List.copyOf(threads);
        tags = tags == null ? List.of() : List.copyOf(tags);
        jvmArgs = jvmArgs == null ? List.of() : List.copyOf(jvmArgs);
        TagDeclaration.problem(tags).ifPresent(problem -> {
            throw new IllegalArgumentException("benchmark '" + name + "' " + problem);
        });
        if (parameters.stream().map(ParameterDeclaration::name).distinct().count() != parameters.size()) {
            throw new IllegalArgumentException("benchmark '" + name + "' declares a parameter twice: "
                    + parameters.stream().map(ParameterDeclaration::name).toList());
        }
        // a sweep's variant (example[every=16]) is its benchmark's name and the values it was measured with
        if (!NAME.matcher(ParamSweep.baseName(name)).matches()
                || !name.equals(ParamSweep.baseName(name))
                        && !ParamSweep.VARIANT.matcher(name).matches()) {
            throw new IllegalArgumentException("benchmark name '" + name + "' must be " + Benchmark.NAME_RULE
                    + " (it names a folder of the results)");
        }
        if (stages.isEmpty()) {
            throw new IllegalArgumentException("benchmark '" + name + "' has no stages");
        }
        for (String stage : stages) {
            if (!NAME.matcher(stage).matches() || SeriesNames.RESERVED.contains(stage)) {
                throw new IllegalArgumentException("benchmark '" + name + "': bad stage name '" + stage
                        + "' (" + Benchmark.NAME_RULE + "; " + String.join(", ", SeriesNames.RESERVED)
                        + " are reserved)");
            }
        }
    }

    /** A benchmark whose code needs no JVM arguments of its own. */
    public BenchmarkDescriptor(
            String name,
            List<String> stages,
            String description,
            String className,
            List<ParameterDeclaration> parameters,
            List<String> threads,
            List<String> tags) {
        this(name, stages, description, className, parameters, threads, tags, List.of());
    }

    /** A benchmark that declares no tags. */
    public BenchmarkDescriptor(
            String name,
            List<String> stages,
            String description,
            String className,
            List<ParameterDeclaration> parameters,
            List<String> threads) {
        this(name, stages, description, className, parameters, threads, List.of());
    }

    /** A benchmark on one thread. */
    public BenchmarkDescriptor(
            String name,
            List<String> stages,
            String description,
            String className,
            List<ParameterDeclaration> parameters) {
        this(name, stages, description, className, parameters, List.of());
    }

    /** A benchmark that takes no parameter. */
    public BenchmarkDescriptor(String name, List<String> stages, String description, String className) {
        this(name, stages, description, className, List.of());
    }

    /** Reads the descriptor from a class's {@link Benchmark} annotation. */
    public static BenchmarkDescriptor of(Class<?> type) {
        Benchmark annotation = type.getAnnotation(Benchmark.class);
        if (annotation == null) {
            throw new IllegalArgumentException(type.getName() + " is not annotated with @Benchmark");
        }
        List<String> stages =
                annotation.stages().length == 0 ? List.of(annotation.name()) : Arrays.asList(annotation.stages());
        List<ParameterDeclaration> parameters =
                Arrays.stream(annotation.params()).map(ParameterDeclaration::of).toList();
        return new BenchmarkDescriptor(
                annotation.name(),
                stages,
                annotation.description(),
                type.getName(),
                parameters,
                Arrays.asList(annotation.threads()),
                Arrays.asList(annotation.tags()),
                Arrays.asList(annotation.jvmArgs()));
    }

    /**
     * Checks {@code --param}s against what this benchmark declares.
     *
     * @throws IllegalArgumentException "--param ticks=-5 is out of range for spin (valid: ticks=[0..4294967295],
     *     default 1000)", or "--param bogus is not a parameter of empty (empty takes none)"
     */
    public void checkParams(Map<String, String> params) {
        params.forEach((key, value) -> {
            ParameterDeclaration declared = parameter(key)
                    .orElseThrow(() -> new IllegalArgumentException(
                            "--param " + key + " is not a parameter of " + name + " (" + validParams() + ")"));
            // a sweep (--param key=1,2,3) is checked value by value; each value names its variant's results folder
            List<String> values = ParamSweep.sweeps(declared, value) ? ParamSweep.values(value) : List.of(value);
            if (values.size() > 1 && values.stream().anyMatch(v -> v.isEmpty() || v.matches(".*[\\[\\]/=].*"))) {
                throw new IllegalArgumentException(
                        "--param " + key + "=" + value + ": a swept value may not be empty or"
                                + " hold '[', ']', '/' or '=' (each names its variant, example[" + key
                                + "=16], and its results folder)");
            }
            if (values.stream().distinct().count() < values.size()) {
                throw new IllegalArgumentException(
                        "--param " + key + "=" + value + ": a value is swept twice (each value"
                                + " is a variant of its own, and two of one name would share its results folder)");
            }
            for (String one : values) {
                declared.problem(one).ifPresent(wrong -> {
                    throw new IllegalArgumentException("--param " + key + "=" + ParameterDeclaration.shown(one) + " "
                            + wrong + " for " + name + " (valid: " + declared.describe() + ")");
                });
            }
        });
    }

    /**
     * @return {@code given} over the defaults its parameters declare: what its {@link BenchmarkParams} hold, so that
     *     {@link BenchmarkParams#longParam(String)} reads a declared default rather than one written twice
     */
    public Map<String, String> paramsWithDefaults(Map<String, String> given) {
        Map<String, String> out = new TreeMap<>();
        parameters.stream().filter(p -> !p.defaultValue().isEmpty()).forEach(p -> out.put(p.name(), p.defaultValue()));
        out.putAll(given);
        return out;
    }

    /** @return this benchmark under another name: a variant of a parameter sweep ({@link ParamSweep}) */
    public BenchmarkDescriptor named(String variant) {
        return new BenchmarkDescriptor(variant, stages, description, className, parameters, threads, tags, jvmArgs);
    }

    /** @return the declaration of {@code --param key}, if this benchmark takes it */
    public Optional<ParameterDeclaration> parameter(String key) {
        return parameters.stream().filter(p -> p.name().equals(key)).findFirst();
    }

    /** @return "valid: ticks=[0..4294967295], default 1000", or "empty takes none" */
    public String validParams() {
        return parameters.isEmpty() ? name + " takes none" : "valid: " + describeParams();
    }

    /** @return "ticks=[0..4294967295], default 1000" (several joined by "; "), or "none" */
    public String describeParams() {
        return parameters.isEmpty()
                ? "none"
                : String.join(
                        "; ",
                        parameters.stream().map(ParameterDeclaration::describe).toList());
    }

    /**
     * @return true for a benchmark whose stages run on two threads: {@code stagebench run} runs it only when named,
     *     since it takes a second CPU
     */
    public boolean isHandoff() {
        return !threads.isEmpty();
    }

    /** @return true for a benchmark with more than one stage */
    public boolean isPipeline() {
        return stages.size() > 1;
    }

    /** Creates a fresh instance. */
    public Operation instantiate() throws ReflectiveOperationException {
        return instantiate(Class.forName(className));
    }

    private Operation instantiate(Class<?> type) throws ReflectiveOperationException {
        if (!Operation.class.isAssignableFrom(type)) {
            throw new IllegalArgumentException(className + " does not implement " + Operation.class.getName());
        }
        return (Operation) type.getConstructor().newInstance();
    }

    /**
     * Creates a fresh instance of a benchmark on one thread ({@link Operation}) or two ({@link HandoffOperation}, which
     * must declare its threads and a {@code handoff} stage).
     */
    public Object newInstance() throws ReflectiveOperationException {
        return newInstance(BenchmarkDescriptor.class.getClassLoader());
    }

    /** {@link #newInstance()} of the class {@code loader} defines (a project's {@link BenchmarkClassLoader}). */
    public Object newInstance(ClassLoader loader) throws ReflectiveOperationException {
        Class<?> type = Class.forName(className, true, loader);
        if (HandoffOperation.class.isAssignableFrom(type)) {
            handoffStage(type);
            return type.getConstructor().newInstance();
        }
        return instantiate(type);
    }

    /**
     * @return the index of the {@value SeriesNames#HANDOFF} stage of a handoff benchmark: the stages before it run on
     *     the feed thread, those after it on the strategy thread
     * @throws IllegalArgumentException when the class does not declare two threads and a handoff stage with at least
     *     one stage on either side
     */
    public int handoffStage(Class<?> type) {
        int at = stages.indexOf(SeriesNames.HANDOFF);
        if (!HandoffOperation.class.isAssignableFrom(type)
                || threads.size() != 2
                || at < 1
                || at > stages.size() - 2
                || stages.lastIndexOf(SeriesNames.HANDOFF) != at) {
            throw new IllegalArgumentException(
                    "benchmark '" + name + "' implements HandoffOperation, so it must declare"
                            + " threads = {feed, strategy} and one stage '" + SeriesNames.HANDOFF
                            + "' with stages on either side,"
                            + " not stages " + stages);
        }
        return at;
    }

    /**
     * {@link #setup(Object, BenchmarkParams, Clock, Calibration, Supplier)} with a {@link WallClock} anchored on
     * demand.
     */
    public static void setup(Object instance, BenchmarkParams params, Clock clock, Calibration calibration)
            throws Exception {
        setup(instance, params, clock, calibration, () -> WallClock.measure(clock, calibration));
    }

    /**
     * Runs every {@link Setup} method of {@code instance}, in name order; {@code wallClock} is asked only by a method
     * that takes one.
     */
    public static void setup(
            Object instance,
            BenchmarkParams params,
            Clock clock,
            Calibration calibration,
            Supplier<WallClock> wallClock)
            throws Exception {
        invokeAll(instance, Setup.class, params, clock, calibration, wallClock);
    }

    /** @return true when {@code type} declares a {@link Reset} method: its warm-up can replay the measured messages */
    public static boolean hasReset(Class<?> type) {
        for (Method method : type.getMethods()) {
            if (method.isAnnotationPresent(Reset.class) && !Modifier.isStatic(method.getModifiers())) {
                return true;
            }
        }
        return false;
    }

    /**
     * @return true when {@code type} is a pipeline whose unmarked total is also measured
     *     ({@link Benchmark#unmarkedTotal()})
     */
    public boolean measuresUnmarked(Class<?> type) {
        Benchmark annotation = type.getAnnotation(Benchmark.class);
        return isPipeline() && (annotation == null || annotation.unmarkedTotal());
    }

    /**
     * @return an action running every {@link Reset} method of {@code instance}, in name order, its methods and
     *     arguments resolved once here: the action runs between warm-up passes, where scanning annotations each time
     *     would keep the JIT compiling
     */
    public static ResetAction resetAction(
            Object instance,
            BenchmarkParams params,
            Clock clock,
            Calibration calibration,
            Supplier<WallClock> wallClock) {
        List<Method> methods = annotated(instance, Reset.class);
        List<Object[]> args = new ArrayList<>();
        for (Method method : methods) {
            args.add(arguments(method, Reset.class, params, clock, calibration, wallClock));
        }
        return () -> {
            for (int i = 0; i < methods.size(); i++) {
                invoke(methods.get(i), instance, args.get(i));
            }
        };
    }

    /** Runs every {@link TearDown} method of {@code instance}, in name order. */
    public static void tearDown(
            Object instance,
            BenchmarkParams params,
            Clock clock,
            Calibration calibration,
            Supplier<WallClock> wallClock)
            throws Exception {
        invokeAll(instance, TearDown.class, params, clock, calibration, wallClock);
    }

    private static void invokeAll(
            Object instance,
            Class<? extends Annotation> marker,
            BenchmarkParams params,
            Clock clock,
            Calibration calibration,
            Supplier<WallClock> wallClock)
            throws Exception {
        for (Method method : annotated(instance, marker)) {
            invoke(method, instance, arguments(method, marker, params, clock, calibration, wallClock));
        }
    }

    private static List<Method> annotated(Object instance, Class<? extends Annotation> marker) {
        List<Method> methods = new ArrayList<>();
        for (Method method : instance.getClass().getMethods()) {
            if (method.isAnnotationPresent(marker) && !Modifier.isStatic(method.getModifiers())) {
                methods.add(method);
            }
        }
        methods.sort(Comparator.comparing(Method::getName));
        return methods;
    }

    private static Object[] arguments(
            Method method,
            Class<? extends Annotation> marker,
            BenchmarkParams params,
            Clock clock,
            Calibration calibration,
            Supplier<WallClock> wallClock) {
        Object[] args = new Object[method.getParameterCount()];
        Class<?>[] types = method.getParameterTypes();
        for (int i = 0; i < types.length; i++) {
            if (types[i] == BenchmarkParams.class) {
                args[i] = params;
            } else if (types[i] == Clock.class) {
                args[i] = clock;
            } else if (types[i] == Calibration.class) {
                args[i] = calibration;
            } else if (types[i] == WallClock.class) {
                args[i] = wallClock.get();
            } else {
                throw new IllegalArgumentException("@" + marker.getSimpleName() + " method " + method.getName()
                        + " may take only BenchmarkParams, Clock, Calibration and WallClock, not "
                        + types[i].getName());
            }
        }
        return args;
    }

    private static void invoke(Method method, Object instance, Object[] args) throws Exception {
        try {
            method.invoke(instance, args);
        } catch (InvocationTargetException e) {
            Throwable cause = e.getCause();
            if (cause instanceof Exception ex) {
                throw ex;
            }
            throw e;
        }
    }
}
