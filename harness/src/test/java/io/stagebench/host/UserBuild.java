package io.stagebench.host;

import io.stagebench.api.Benchmark;
import java.io.File;
import java.io.IOException;
import java.io.StringWriter;
import java.net.URI;
import java.net.URISyntaxException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;
import javax.tools.JavaCompiler;
import javax.tools.JavaFileObject;
import javax.tools.SimpleJavaFileObject;
import javax.tools.ToolProvider;

/**
 * A user's build, as tests need one: benchmark sources compiled against the harness's own classes with its annotation
 * processor ({@code -proc:full}), into a folder that then holds the classes and
 * {@code META-INF/stagebench/benchmarks.list}.
 */
public final class UserBuild {

    private UserBuild() {}

    /** @return the source of a one-stage benchmark {@code pkg.type} named {@code name} */
    public static String benchmark(String pkg, String type, String name) {
        return "package " + pkg + ";\n"
                + "import io.stagebench.api.*;\n"
                + "@Benchmark(name = \"" + name + "\")\n"
                + "public final class " + type + " implements Operation {\n"
                + "    public void run(long seq, Stamps stamps, Sink sink) { sink.consume(seq * 31); }\n"
                + "}\n";
    }

    /** @return the folder (or jar) the harness's classes were loaded from */
    public static Path harnessClasses() {
        try {
            return Path.of(Benchmark.class
                    .getProtectionDomain()
                    .getCodeSource()
                    .getLocation()
                    .toURI());
        } catch (URISyntaxException e) {
            throw new IllegalStateException(e);
        }
    }

    /** @return the javac options of a user's build: the harness as class path and processor path, processing on */
    public static List<String> javacOptions(Path out) {
        String harness = harnessClasses().toString();
        return List.of("-proc:full", "-processorpath", harness, "-cp", harness, "-d", out.toString(), "-Xlint:none");
    }

    /**
     * Compiles Java sources given as text.
     *
     * @param sources each a complete compilation unit; its public class's name is read from it
     * @return {@code out}
     * @throws IllegalStateException with javac's messages when compilation fails
     */
    public static Path compile(Path out, String... sources) throws IOException {
        List<JavaFileObject> units = new ArrayList<>();
        for (String source : sources) {
            String pkg = source.replaceAll("(?s).*?package\\s+([\\w.]+)\\s*;.*", "$1");
            String type = source.replaceAll("(?s).*?public\\s+(?:final\\s+)?class\\s+(\\w+).*", "$1");
            units.add(
                    new SimpleJavaFileObject(
                            URI.create("string:///" + pkg.replace('.', '/') + "/" + type + ".java"),
                            JavaFileObject.Kind.SOURCE) {
                        @Override
                        public CharSequence getCharContent(boolean ignoreEncodingErrors) {
                            return source;
                        }
                    });
        }
        return run(ToolProvider.getSystemJavaCompiler(), out, units);
    }

    /** Compiles every {@code .java} file under {@code sourceRoot}; returns {@code out}. */
    public static Path compileTree(Path sourceRoot, Path out) throws IOException {
        JavaCompiler javac = ToolProvider.getSystemJavaCompiler();
        List<File> files;
        try (Stream<Path> paths = Files.walk(sourceRoot)) {
            files = paths.filter(p -> p.toString().endsWith(".java"))
                    .map(Path::toFile)
                    .toList();
        }
        try (var fileManager = javac.getStandardFileManager(null, null, null)) {
            List<JavaFileObject> units = new ArrayList<>();
            fileManager.getJavaFileObjectsFromFiles(files).forEach(units::add);
            return run(javac, out, units);
        }
    }

    private static Path run(JavaCompiler javac, Path out, List<JavaFileObject> units) throws IOException {
        Files.createDirectories(out);
        StringWriter messages = new StringWriter();
        boolean compiled = javac.getTask(messages, null, null, javacOptions(out), null, units)
                .call();
        if (!compiled) {
            throw new IllegalStateException("javac failed: " + messages);
        }
        return out;
    }
}
