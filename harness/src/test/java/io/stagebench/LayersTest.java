package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.LinkedHashSet;
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
 * Holds the main sources of the harness and of the reference stages to the layer order, by every reference one class
 * makes to another stagebench class: its {@code import} lines and the fully qualified names in its code (comments and
 * strings left out).
 *
 * <ul>
 *   <li>A harness package may refer to its own layer or any layer below it, never one above, and no set of packages may
 *       refer to each other in a cycle. A package is its full name under {@code io.stagebench} ({@code api.processor}
 *       is a package of its own).
 *   <li>The fork boundary: the child JVM's classes ({@code forked}) are reached only by the launcher's entry point
 *       ({@link #FORKED_ENTRY}), and refer to nothing of the launcher, the offline results or the store
 *       ({@link #FORKED_MAY_NOT_SEE}).
 *   <li>The stages module is written as a user's project is: it refers only to {@link #STAGES_MAY_SEE} of the harness.
 * </ul>
 *
 * Every package says in its {@code package-info} what it holds and may use. A new package must be placed in
 * {@link #LAYERS} before it compiles into a green build. Each rule is also run on planted sources that break it, so a
 * rule that stops finding anything fails.
 */
class LayersTest {

    /** Top first. Packages of one layer may refer to each other, but not in a cycle. */
    static final List<Set<String>> LAYERS = List.of(
            Set.of("cli"),
            Set.of("extension"),
            Set.of("session"),
            Set.of("host"),
            Set.of("output"),
            Set.of("diff"),
            Set.of("store"),
            Set.of("result", "probe", "forked"),
            Set.of("config"),
            Set.of("registry"),
            Set.of("link"),
            Set.of("builtin"),
            Set.of("api.processor"),
            Set.of("api", "clock", "nativeaccess"),
            Set.of("process", "json", "io"),
            Set.of("stats", "system", "warning", "text"));

    /**
     * The packages that read what a run stored and render it: below the launcher ({@code host}), which they never see,
     * so a run's data flows down from the launcher to the files and up again only through the session.
     */
    static final Set<String> READING_SIDE = Set.of("store", "diff", "output");

    /** The one reference into the child JVM's classes: the launcher naming the fork's main class. */
    static final String FORKED_ENTRY = "io.stagebench.host.ForkLauncher -> io.stagebench.forked.ForkMain";
    /** What the child JVM's classes must not refer to: they run in the fork, which reads none of it. */
    static final Set<String> FORKED_MAY_NOT_SEE =
            Set.of("host", "config", "result", "store", "output", "session", "extension", "cli", "diff");
    /**
     * The harness packages the stages module may refer to: the API, the clock, the extension point for commands, the
     * option types and usage error its commands share ({@code config}) and the console table.
     */
    static final Set<String> STAGES_MAY_SEE = Set.of("api", "clock", "extension", "config", "text");

    private static final Path HARNESS_SOURCES = Path.of("src/main/java");
    private static final Path STAGES_SOURCES = Path.of("../stages/src/main/java");
    private static final String ROOT = "io.stagebench.";
    private static final String STAGES_ROOT = "io.stagebench.stages";
    private static final Pattern PACKAGE = Pattern.compile("^package\\s+([\\w.]+)\\s*;", Pattern.MULTILINE);
    private static final Pattern IMPORT =
            Pattern.compile("^import\\s+(?:static\\s+)?(io\\.stagebench\\.[\\w.]*?\\.[A-Z]\\w*)", Pattern.MULTILINE);
    private static final Pattern QUALIFIED =
            Pattern.compile("(?<![\\w.])(io\\.stagebench\\.(?:[a-z]\\w*\\.)+[A-Z]\\w*)");
    private static final Pattern HEADER_LINES = Pattern.compile("^(?:package|import)\\s[^\\n]*", Pattern.MULTILINE);
    private static final Pattern COMMENTS_AND_STRINGS = Pattern.compile(
            "\"\"\"[\\s\\S]*?\"\"\"|/\\*[\\s\\S]*?\\*/|//[^\\n]*|\"(?:\\\\.|[^\"\\\\\\n])*\"|'(?:\\\\.|[^'\\\\\\n])'");

    /** One reference from one stagebench class to another. */
    record Reference(String fromClass, String fromPackage, String toClass, String toPackage) {

        String key() {
            return fromClass + " -> " + toClass;
        }
    }

    /** A source file: its class name and text. */
    record Source(String className, String text) {}

    @Test
    void shouldPlaceEveryPackageInALayer() {
        assertEquals(List.of(), unplaced(harnessReferences()), "add these packages to LayersTest.LAYERS");
    }

    @Test
    void shouldReferOnlyToItsOwnLayerOrLayersBelow() {
        assertEquals(List.of(), upward(harnessReferences()), "references pointing up the layers");
    }

    @Test
    void shouldHaveNoPackageCycle() {
        assertEquals(List.of(), cycles(harnessReferences()), "package cycles");
    }

    @Test
    void shouldReachTheForkOnlyThroughTheLaunchersEntryPoint() {
        assertEquals(List.of(), forkBoundary(harnessReferences()), "references across the fork boundary");
    }

    @Test
    void shouldKeepTheReadingSideFreeOfTheLauncher() {
        assertEquals(List.of(), readingSide(harnessReferences()), "the reading side referring to the launcher");
    }

    @Test
    void shouldKeepEachFoldersPackagesInAdjacentLayers() {
        assertEquals(List.of(), splitFolders(LAYERS), "a folder whose packages sit at distant layers");
    }

    @Test
    void shouldKeepTheStagesModuleToTheApiTheClockAndTheExtensionPoint() {
        List<Reference> references = references(sources(STAGES_SOURCES));
        assertTrue(references.size() > 20, "found only " + references.size() + " references under " + STAGES_SOURCES);
        assertEquals(List.of(), stagesViolations(references), "stages referring to harness internals");
    }

    @Test
    void shouldDescribeEveryPackageInItsPackageInfo() {
        assertEquals(
                List.of(),
                undescribed(sources(HARNESS_SOURCES)),
                "add a package-info.java whose Javadoc says what the package holds and what it may use");
    }

    @Test
    void shouldFindAPackageWithoutADescribedPackageInfoInPlantedSources() {
        List<Source> planted = List.of(
                new Source("io.stagebench.link.ForkSpec", "package io.stagebench.link;\n"),
                new Source("io.stagebench.link.package-info", "/** What crosses. */\npackage io.stagebench.link;\n"),
                new Source("io.stagebench.host.Runner", "package io.stagebench.host;\n"),
                new Source("io.stagebench.clock.package-info", "// no Javadoc\npackage io.stagebench.clock;\n"));
        assertEquals(List.of("clock", "host"), undescribed(planted));
    }

    @Test
    void shouldFindAnUpwardImportInAPlantedSource() {
        List<Reference> planted = references(List.of(new Source(
                "io.stagebench.link.Fork",
                "package io.stagebench.link;\n\nimport io.stagebench.store.AtomicFiles;\n")));
        assertEquals(
                List.of(new Reference("io.stagebench.link.Fork", "link", "io.stagebench.store.AtomicFiles", "store")),
                planted);
        assertEquals(1, upward(planted).size());
    }

    @Test
    void shouldFindAFullyQualifiedReferenceButNotOneInACommentOrString() {
        List<Reference> planted = references(
                List.of(
                        new Source(
                                "io.stagebench.clock.Tsc",
                                "package io.stagebench.clock;\n/** see io.stagebench.cli.Main */\nclass Tsc {\n"
                                        + "  String s = \"io.stagebench.store.RunStore\";\n"
                                        + "  Object o = io.stagebench.config.MeasureDefaults.CHUNK; // io.stagebench.diff.RunDiff\n}\n")));
        assertEquals(
                List.of(
                        "io.stagebench.clock.Tsc -> io.stagebench.config.MeasureDefaults (clock may not refer to config)"),
                upward(planted));
    }

    @Test
    void shouldTellASubPackageFromItsParent() {
        List<Reference> planted = references(List.of(new Source(
                "io.stagebench.api.Benchmark",
                "package io.stagebench.api;\nimport io.stagebench.api.processor.BenchmarkProcessor;\n")));
        assertEquals(
                List.of("io.stagebench.api.Benchmark -> io.stagebench.api.processor.BenchmarkProcessor"
                        + " (api may not refer to api.processor)"),
                upward(planted));
    }

    @Test
    void shouldFindACycleWithinALayer() {
        List<Reference> planted = references(List.of(
                new Source(
                        "io.stagebench.output.Page", "package io.stagebench.output;\nimport io.stagebench.diff.Row;\n"),
                new Source(
                        "io.stagebench.diff.Row", "package io.stagebench.diff;\nimport io.stagebench.output.Page;\n")));
        assertEquals(List.of("diff -> output -> diff"), cycles(planted));
    }

    @Test
    void shouldFindAReferenceIntoTheForkOtherThanTheEntryPoint() {
        List<Reference> planted = references(List.of(
                new Source(
                        "io.stagebench.host.ForkLauncher",
                        "package io.stagebench.host;\nimport io.stagebench.forked.ForkMain;\n"),
                new Source(
                        "io.stagebench.cli.RunCommand",
                        "package io.stagebench.cli;\nimport io.stagebench.forked.Passes;\n"),
                new Source(
                        "io.stagebench.forked.Passes",
                        "package io.stagebench.forked;\nimport io.stagebench.result.LatencySeries;\n")));
        assertEquals(
                List.of(
                        "io.stagebench.cli.RunCommand -> io.stagebench.forked.Passes (only " + FORKED_ENTRY
                                + " reaches the fork)",
                        "io.stagebench.forked.Passes -> io.stagebench.result.LatencySeries (the fork may not refer to result)"),
                forkBoundary(planted));
    }

    @Test
    void shouldFindTheStagesReachingIntoTheHarness() {
        List<Reference> planted = references(List.of(new Source(
                "io.stagebench.stages.cli.Cross",
                "package io.stagebench.stages.cli;\nimport io.stagebench.api.Stamps;\nimport io.stagebench.stages.Pipeline;\n"
                        + "class Cross { Object c = io.stagebench.host.Runner.STOPPED_WARNING; }\n")));
        assertEquals(List.of("io.stagebench.stages.cli.Cross -> io.stagebench.host.Runner"), stagesViolations(planted));
    }

    @Test
    void shouldFindTheReadingSideReachingTheLauncherInAPlantedSource() {
        List<Reference> planted = references(
                List.of(
                        new Source(
                                "io.stagebench.store.RunStore",
                                "package io.stagebench.store;\nimport io.stagebench.host.Runner;\nimport io.stagebench.result.RunWarnings;\n")));
        assertEquals(
                List.of("io.stagebench.store.RunStore -> io.stagebench.host.Runner (store reads what the launcher"
                        + " wrote, never the launcher)"),
                readingSide(planted));
    }

    @Test
    void shouldFindAFolderSplitAcrossDistantLayersInPlantedLayers() {
        List<Set<String>> planted = List.of(
                Set.of("extension"),
                Set.of("session"),
                Set.of("host"),
                Set.of("extension.text", "api"),
                Set.of("api.processor"));
        assertEquals(List.of("extension (layer 1) and extension.text (layer 4)"), splitFolders(planted));
    }

    /** @return the references from the reading side ({@link #READING_SIDE}) to the launcher's {@code host} */
    private static List<String> readingSide(List<Reference> references) {
        List<String> out = new ArrayList<>();
        for (Reference r : references) {
            if (READING_SIDE.contains(r.fromPackage()) && r.toPackage().equals("host")) {
                out.add(r.key() + " (" + r.fromPackage() + " reads what the launcher wrote, never the launcher)");
            }
        }
        return out;
    }

    /**
     * @return each package and sub-package whose layers are more than one apart (layers counted from 1), so a folder's
     *     packages read together in the order
     */
    private static List<String> splitFolders(List<Set<String>> layers) {
        Map<String, Integer> layerOf = new TreeMap<>();
        for (int i = 0; i < layers.size(); i++) {
            for (String pkg : layers.get(i)) {
                layerOf.put(pkg, i + 1);
            }
        }
        List<String> out = new ArrayList<>();
        layerOf.forEach((pkg, layer) -> {
            int dot = pkg.lastIndexOf('.');
            Integer parent = dot < 0 ? null : layerOf.get(pkg.substring(0, dot));
            if (parent != null && Math.abs(parent - layer) > 1) {
                out.add(pkg.substring(0, dot) + " (layer " + parent + ") and " + pkg + " (layer " + layer + ")");
            }
        });
        return out;
    }

    /** @return the packages among {@code sources} without a {@code package-info} that opens with a Javadoc comment */
    private static List<String> undescribed(List<Source> sources) {
        Set<String> undescribed = new TreeSet<>();
        Set<String> described = new HashSet<>();
        for (Source source : sources) {
            String pkg = packageOf(source.className());
            undescribed.add(pkg);
            if (source.className().endsWith(".package-info")
                    && source.text().strip().startsWith("/**")) {
                described.add(pkg);
            }
        }
        undescribed.removeAll(described);
        return List.copyOf(undescribed);
    }

    private static List<String> unplaced(List<Reference> references) {
        Set<String> unplaced = new TreeSet<>();
        for (Reference r : references) {
            unplaced.add(r.fromPackage());
            unplaced.add(r.toPackage());
        }
        LAYERS.forEach(unplaced::removeAll);
        return List.copyOf(unplaced);
    }

    private static List<String> upward(List<Reference> references) {
        List<String> upward = new ArrayList<>();
        for (Reference r : references) {
            if (rank(r.toPackage()) < rank(r.fromPackage())) {
                upward.add(r.key() + " (" + r.fromPackage() + " may not refer to " + r.toPackage() + ")");
            }
        }
        return upward;
    }

    private static List<String> cycles(List<Reference> references) {
        Map<String, Set<String>> graph = new TreeMap<>();
        for (Reference r : references) {
            graph.computeIfAbsent(r.fromPackage(), k -> new TreeSet<>()).add(r.toPackage());
        }
        List<String> cycles = new ArrayList<>();
        for (String start : graph.keySet()) {
            findCycle(graph, start, start, new ArrayList<>(List.of(start)), new HashSet<>(), cycles);
        }
        return cycles;
    }

    private static List<String> forkBoundary(List<Reference> references) {
        List<String> crossings = new ArrayList<>();
        for (Reference r : references) {
            boolean from = isForked(r.fromPackage());
            boolean to = isForked(r.toPackage());
            if (!from && to && !r.key().equals(FORKED_ENTRY)) {
                crossings.add(r.key() + " (only " + FORKED_ENTRY + " reaches the fork)");
            } else if (from && FORKED_MAY_NOT_SEE.contains(r.toPackage())) {
                crossings.add(r.key() + " (the fork may not refer to " + r.toPackage() + ")");
            }
        }
        return crossings;
    }

    private static List<String> stagesViolations(List<Reference> references) {
        List<String> out = new ArrayList<>();
        for (Reference r : references) {
            if (!r.toClass().startsWith(STAGES_ROOT + ".")
                    && !STAGES_MAY_SEE.contains(r.toPackage().split("\\.")[0])) {
                out.add(r.key());
            }
        }
        return out;
    }

    private static boolean isForked(String pkg) {
        return pkg.equals("forked") || pkg.startsWith("forked.");
    }

    /** Records each cycle once, from its alphabetically first package. */
    private static void findCycle(
            Map<String, Set<String>> graph,
            String start,
            String at,
            List<String> path,
            Set<String> seen,
            List<String> cycles) {
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

    private static List<Reference> harnessReferences() {
        List<Reference> references = references(sources(HARNESS_SOURCES));
        assertTrue(
                references.size() > 100,
                "found only " + references.size() + " references under " + HARNESS_SOURCES.toAbsolutePath());
        return references;
    }

    private static List<Source> sources(Path root) {
        try (Stream<Path> files = Files.walk(root)) {
            List<Source> sources = new ArrayList<>();
            for (Path file :
                    files.filter(f -> f.toString().endsWith(".java")).sorted().toList()) {
                String name = file.getFileName().toString();
                String text = Files.readString(file);
                Matcher pkg = PACKAGE.matcher(text);
                if (pkg.find()) {
                    sources.add(
                            new Source(pkg.group(1) + "." + name.substring(0, name.length() - ".java".length()), text));
                }
            }
            return sources;
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    /**
     * @return each class's references to classes of other stagebench packages: its imports and the fully qualified
     *     names in its code, once each, in order
     */
    private static List<Reference> references(List<Source> sources) {
        List<Reference> references = new ArrayList<>();
        for (Source source : sources) {
            String from = packageOf(source.className());
            Set<String> targets = new LinkedHashSet<>();
            Matcher imports = IMPORT.matcher(source.text());
            while (imports.find()) {
                targets.add(classOf(imports.group(1)));
            }
            String code = HEADER_LINES
                    .matcher(COMMENTS_AND_STRINGS.matcher(source.text()).replaceAll(" "))
                    .replaceAll("");
            Matcher qualified = QUALIFIED.matcher(code);
            while (qualified.find()) {
                targets.add(classOf(qualified.group(1)));
            }
            for (String target : targets) {
                String to = packageOf(target);
                if (!to.equals(from)) {
                    references.add(new Reference(source.className(), from, target, to));
                }
            }
        }
        return references;
    }

    /**
     * @return the class of a qualified name that may go on to a member or a nested class: up to its first capitalised
     *     part
     */
    private static String classOf(String qualified) {
        String[] parts = qualified.split("\\.");
        StringBuilder out = new StringBuilder();
        for (String part : parts) {
            out.append(out.isEmpty() ? "" : ".").append(part);
            if (Character.isUpperCase(part.charAt(0))) {
                break;
            }
        }
        return out.toString();
    }

    /** @return the package under {@code io.stagebench} of a class name, e.g. {@code api.processor} */
    private static String packageOf(String className) {
        String rest = className.substring(ROOT.length());
        return rest.substring(0, rest.lastIndexOf('.'));
    }
}
