package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.TreeMap;
import java.util.TreeSet;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;

/**
 * Reads the {@code import} lines of the harness's main sources and holds them to the layer
 * order: a package may import its own layer or any layer below it, never one above, and
 * no set of packages may import each other in a cycle.
 *
 * <p>A package is named by its first segment under {@code io.stagebench} ({@code api.processor}
 * counts as {@code api}). A new package must be placed in {@link #LAYERS} before it compiles
 * into a green build.
 */
class LayersTest {

    /** Top first. Packages of one layer may import each other, but not in a cycle. */
    static final List<Set<String>> LAYERS = List.of(
            Set.of("cli"),
            Set.of("report", "diff"),
            Set.of("store"),
            Set.of("runner", "probe"),
            Set.of("builtin"),
            Set.of("api", "clock", "nativeaccess"),
            Set.of("fork", "json", "io"),
            Set.of("stats", "system", "text"));

    /**
     * Class-to-class imports tolerated until the work that removes them lands, each keyed on
     * the exact importing and imported class. Delete an entry as soon as it is fixed: the
     * test then fails if the import comes back.
     * None is needed today.
     */
    static final Set<String> TEMPORARY_ALLOWANCES = Set.of();

    private static final Path MAIN_SOURCES = Path.of("src/main/java");
    private static final String ROOT = "io.stagebench.";
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT = Pattern.compile(
            "^import\\s+(?:static\\s+)?(io\\.stagebench\\.[\\w.]*?\\.[A-Z]\\w*)", Pattern.MULTILINE);

    /** One import of one stagebench class by another. */
    record ClassImport(String fromClass, String fromPackage, String toClass, String toPackage) {

        String key() {
            return fromClass + " -> " + toClass;
        }
    }

    @Test
    void shouldPlaceEveryPackageInALayer() {
        Set<String> unplaced = new TreeSet<>();
        for (ClassImport i : imports()) {
            unplaced.add(i.fromPackage());
            unplaced.add(i.toPackage());
        }
        LAYERS.forEach(unplaced::removeAll);
        assertEquals(Set.of(), unplaced, "add these packages to LayersTest.LAYERS");
    }

    @Test
    void shouldImportOnlyItsOwnLayerOrLayersBelow() {
        List<String> upward = new ArrayList<>();
        for (ClassImport i : enforcedImports()) {
            if (rank(i.toPackage()) < rank(i.fromPackage())) {
                upward.add(i.key() + " (" + i.fromPackage() + " may not import " + i.toPackage() + ")");
            }
        }
        assertEquals(List.of(), upward, "imports pointing up the layers");
    }

    @Test
    void shouldHaveNoPackageCycle() {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (ClassImport i : enforcedImports()) {
            graph.computeIfAbsent(i.fromPackage(), k -> new TreeSet<>()).add(i.toPackage());
        }
        List<String> cycles = new ArrayList<>();
        for (String start : graph.keySet()) {
            findCycle(graph, start, start, new ArrayList<>(List.of(start)), new HashSet<>(), cycles);
        }
        assertEquals(List.of(), cycles, "package cycles");
    }

    @Test
    void shouldStillNeedEveryTemporaryAllowance() {
        Set<String> present = new HashSet<>();
        imports().forEach(i -> present.add(i.key()));
        for (String allowance : TEMPORARY_ALLOWANCES) {
            assertTrue(present.contains(allowance), "fixed, delete the allowance: " + allowance);
        }
    }

    @Test
    void shouldFindAnUpwardImportInASource() {
        ClassImport i = parse("package io.stagebench.runner;\n\nimport io.stagebench.store.AtomicFiles;\n",
                "io.stagebench.runner.Fork").get(0);
        assertEquals(new ClassImport("io.stagebench.runner.Fork", "runner", "io.stagebench.store.AtomicFiles", "store"), i);
        assertTrue(rank(i.toPackage()) < rank(i.fromPackage()));
    }

    /** Records each cycle once, from its alphabetically first package. */
    private static void findCycle(Map<String, Set<String>> graph, String start, String at, List<String> path,
                                  Set<String> seen, List<String> cycles) {
        for (String next : graph.getOrDefault(at, Set.of())) {
            if (next.equals(start)) {
                cycles.add(String.join(" -> ", path) + " -> " + start);
            } else if (next.compareTo(start) > 0 && seen.add(next)) {
                path.add(next);
                findCycle(graph, start, next, path, seen, cycles);
                path.remove(path.size() - 1);
            }
        }
    }

    private static int rank(String pkg) {
        for (int i = 0; i < LAYERS.size(); i++) {
            if (LAYERS.get(i).contains(pkg)) {
                return i;
            }
        }
        throw new IllegalArgumentException("package " + pkg + " is in no layer");
    }

    private static List<ClassImport> enforcedImports() {
        return imports().stream().filter(i -> !TEMPORARY_ALLOWANCES.contains(i.key())).toList();
    }

    private static List<ClassImport> imports() {
        try (Stream<Path> files = Files.walk(MAIN_SOURCES)) {
            List<ClassImport> imports = new ArrayList<>();
            for (Path file : files.filter(f -> f.toString().endsWith(".java")).toList()) {
                String name = file.getFileName().toString();
                String source = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(source);
                if (pkg.find()) {
                    imports.addAll(parse(source, pkg.group(1) + "." + name.substring(0, name.length() - ".java".length())));
                }
            }
            assertTrue(imports.size() > 100, "found only " + imports.size() + " imports under " + MAIN_SOURCES.toAbsolutePath());
            return imports;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /** @return the imports of other stagebench packages in {@code source}, a class named {@code className} */
    private static List<ClassImport> parse(String source, String className) {
        String from = topPackage(className);
        List<ClassImport> imports = new ArrayList<>();
        Matcher m = IMPORT.matcher(source);
        while (m.find()) {
            String to = topPackage(m.group(1));
            if (!to.equals(from)) {
                imports.add(new ClassImport(className, from, m.group(1), to));
            }
        }
        return imports;
    }

    private static String topPackage(String className) {
        String rest = className.substring(ROOT.length());
        return rest.substring(0, rest.indexOf('.'));
    }
}
