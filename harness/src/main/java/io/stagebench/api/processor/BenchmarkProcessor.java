package io.stagebench.api.processor;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Parameter;
import io.stagebench.api.ParameterDeclaration;
import io.stagebench.api.SeriesNames;
import io.stagebench.api.TagDeclaration;
import java.io.IOException;
import java.io.Writer;
import java.util.HashSet;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.regex.Pattern;
import javax.annotation.processing.AbstractProcessor;
import javax.annotation.processing.RoundEnvironment;
import javax.annotation.processing.SupportedAnnotationTypes;
import javax.lang.model.SourceVersion;
import javax.lang.model.element.Element;
import javax.lang.model.element.ElementKind;
import javax.lang.model.element.ExecutableElement;
import javax.lang.model.element.Modifier;
import javax.lang.model.element.TypeElement;
import javax.lang.model.util.ElementFilter;
import javax.tools.Diagnostic;
import javax.tools.FileObject;
import javax.tools.StandardLocation;

/**
 * Finds classes annotated with {@code @io.stagebench.api.Benchmark} at compile time, checks what the runner will need
 * (a public, concrete, top-level or static class with a public no-argument constructor that implements
 * {@code Operation}; a valid, unique name; valid {@code --param} declarations, each with a default inside its own
 * range) and lists them in {@code META-INF/stagebench/benchmarks.list}, one {@code name<TAB>class} line each. Mistakes
 * are compile errors on the class, not surprises in a fork.
 *
 * <p>Enable it with {@code -proc:full} (javac 23+ no longer runs class-path processors by default), e.g.
 * {@code <proc>full</proc>} in maven-compiler-plugin.
 */
@SupportedAnnotationTypes(BenchmarkProcessor.BENCHMARK)
public final class BenchmarkProcessor extends AbstractProcessor {

    static final String BENCHMARK = "io.stagebench.api.Benchmark";
    static final String OPERATION = "io.stagebench.api.Operation";
    static final String HANDOFF_OPERATION = "io.stagebench.api.HandoffOperation";
    /** The stage between a handoff benchmark's threads. */
    static final String HANDOFF_STAGE = SeriesNames.HANDOFF;

    static final String LIST = "META-INF/stagebench/benchmarks.list";
    private static final Pattern NAME = Pattern.compile(io.stagebench.api.Benchmark.NAME_PATTERN);

    private final Map<String, String> classByName = new LinkedHashMap<>();

    @Override
    public SourceVersion getSupportedSourceVersion() {
        return SourceVersion.latestSupported();
    }

    @Override
    public boolean process(Set<? extends TypeElement> annotations, RoundEnvironment round) {
        TypeElement benchmark = processingEnv.getElementUtils().getTypeElement(BENCHMARK);
        if (benchmark != null) {
            for (Element element : round.getElementsAnnotatedWith(benchmark)) {
                check(element);
            }
        }
        if (round.processingOver() && !classByName.isEmpty()) {
            write();
        }
        return false;
    }

    private void check(Element element) {
        if (element.getKind() != ElementKind.CLASS) {
            error(element, "@Benchmark goes on a class");
            return;
        }
        TypeElement type = (TypeElement) element;
        Set<Modifier> modifiers = type.getModifiers();
        if (!modifiers.contains(Modifier.PUBLIC) || modifiers.contains(Modifier.ABSTRACT)) {
            error(type, "a @Benchmark class must be public and not abstract");
        }
        if (type.getNestingKind().isNested() && !modifiers.contains(Modifier.STATIC)) {
            error(type, "a nested @Benchmark class must be static");
        }
        boolean publicNoArg = ElementFilter.constructorsIn(type.getEnclosedElements()).stream()
                .anyMatch(c -> c.getModifiers().contains(Modifier.PUBLIC)
                        && ((ExecutableElement) c).getParameters().isEmpty());
        if (!publicNoArg) {
            error(type, "a @Benchmark class needs a public no-argument constructor");
        }
        if (!implementsType(type, OPERATION) && !implementsType(type, HANDOFF_OPERATION)) {
            error(type, "a @Benchmark class must implement " + OPERATION + " (or " + HANDOFF_OPERATION + ")");
        }
        String name = annotationValue(type, "name");
        if (name == null || !NAME.matcher(name).matches()) {
            error(
                    type,
                    "@Benchmark name '" + name + "' must be " + io.stagebench.api.Benchmark.NAME_RULE
                            + " (it names a folder of the results)");
            return;
        }
        checkParameters(type, name);
        checkThreads(type, name);
        checkTags(type, name);
        String className = processingEnv.getElementUtils().getBinaryName(type).toString();
        String previous = classByName.putIfAbsent(name, className);
        if (previous != null && !previous.equals(className)) {
            error(type, "@Benchmark name '" + name + "' is already used by " + previous);
        }
    }

    /** @return true when {@code type} implements {@code interfaceName}, or when that type is not on the class path */
    private boolean implementsType(TypeElement type, String interfaceName) {
        TypeElement target = processingEnv.getElementUtils().getTypeElement(interfaceName);
        return target == null
                || processingEnv
                        .getTypeUtils()
                        .isAssignable(
                                processingEnv.getTypeUtils().erasure(type.asType()),
                                processingEnv.getTypeUtils().erasure(target.asType()));
    }

    /**
     * A handoff benchmark declares two threads and one {@code handoff} stage with stages on either side; a one-thread
     * benchmark declares no threads.
     */
    private void checkThreads(TypeElement type, String name) {
        Benchmark declared = type.getAnnotation(Benchmark.class);
        TypeElement handoffType = processingEnv.getElementUtils().getTypeElement(HANDOFF_OPERATION);
        if (declared == null || handoffType == null) {
            return;
        }
        boolean handoff = processingEnv
                .getTypeUtils()
                .isAssignable(
                        processingEnv.getTypeUtils().erasure(type.asType()),
                        processingEnv.getTypeUtils().erasure(handoffType.asType()));
        List<String> stages = List.of(declared.stages());
        if (!handoff) {
            if (declared.threads().length > 0) {
                error(type, "@Benchmark '" + name + "' declares threads but does not implement " + HANDOFF_OPERATION);
            }
            return;
        }
        int at = stages.indexOf(HANDOFF_STAGE);
        if (declared.threads().length != 2
                || declared.threads()[0].equals(declared.threads()[1])
                || at < 1
                || at > stages.size() - 2
                || stages.lastIndexOf(HANDOFF_STAGE) != at) {
            error(
                    type,
                    "@Benchmark '" + name + "' implements " + HANDOFF_OPERATION + ": it must declare two threads"
                            + " (feed, strategy) and one stage '" + HANDOFF_STAGE + "' with stages on either side");
        }
    }

    /**
     * The declared tag names must be valid names, each declared once, few enough for a byte ({@link TagDeclaration}).
     */
    private void checkTags(TypeElement type, String name) {
        Benchmark declared = type.getAnnotation(Benchmark.class);
        if (declared != null) {
            TagDeclaration.problem(List.of(declared.tags()))
                    .ifPresent(problem -> error(type, "@Benchmark '" + name + "' " + problem));
        }
    }

    /** Each declared {@code --param} must be valid as {@link ParameterDeclaration} checks it, and declared once. */
    private void checkParameters(TypeElement type, String name) {
        Benchmark declared = type.getAnnotation(Benchmark.class);
        if (declared == null) {
            return;
        }
        Set<String> seen = new HashSet<>();
        for (Parameter parameter : declared.params()) {
            try {
                ParameterDeclaration.of(parameter);
            } catch (IllegalArgumentException e) {
                error(type, "@Benchmark '" + name + "': " + e.getMessage());
            }
            if (!seen.add(parameter.name())) {
                error(type, "@Benchmark '" + name + "' declares parameter '" + parameter.name() + "' twice");
            }
        }
    }

    private static String annotationValue(TypeElement type, String key) {
        return type.getAnnotationMirrors().stream()
                .filter(m -> m.getAnnotationType().toString().equals(BENCHMARK))
                .flatMap(m -> m.getElementValues().entrySet().stream())
                .filter(e -> e.getKey().getSimpleName().contentEquals(key))
                .map(e -> String.valueOf(e.getValue().getValue()))
                .findFirst()
                .orElse(null);
    }

    private void write() {
        try {
            FileObject file = processingEnv.getFiler().createResource(StandardLocation.CLASS_OUTPUT, "", LIST);
            try (Writer writer = file.openWriter()) {
                writer.write("# benchmarks found by " + getClass().getName() + ": name<TAB>class\n");
                for (Map.Entry<String, String> entry : classByName.entrySet()) {
                    writer.write(entry.getKey() + "\t" + entry.getValue() + "\n");
                }
            }
        } catch (IOException e) {
            processingEnv
                    .getMessager()
                    .printMessage(Diagnostic.Kind.ERROR, "cannot write " + LIST + ": " + e.getMessage());
        }
    }

    private void error(Element element, String message) {
        processingEnv.getMessager().printMessage(Diagnostic.Kind.ERROR, message, element);
    }
}
