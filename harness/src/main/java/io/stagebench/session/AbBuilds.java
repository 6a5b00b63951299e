package io.stagebench.session;

import io.stagebench.config.UsageException;
import io.stagebench.host.ForkLaunchers;
import io.stagebench.link.ForkEntry;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.system.GitWorktree;
import java.io.IOException;
import java.io.InputStream;
import java.io.PrintWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.zip.ZipEntry;
import java.util.zip.ZipFile;

/**
 * The two builds an {@code ab} measures, ready to start forks: A, a commit checked out in a temporary git worktree, and
 * B, the working tree. {@link #close()} removes what was checked out.
 *
 * <p>Two recipes. In stagebench's own checkout, unless {@code --build} or {@code --classpath} is given, A is built with
 * {@link GitWorktree#OWN_BUILD} and its forks run on that build alone ({@code stages/target/stagebench-stages.jar} and
 * {@code stages/target/lib}, harness included), and B is the build the launcher runs from. In any other project both
 * sides are built alike, each in its own temporary worktree - B's is HEAD with the working tree's uncommitted changes
 * and untracked files copied in, so the project's own build output is never touched - by {@code --build} ({@code sh
 * -c}, in the tree's counterpart of the folder {@code ab} runs from), and each side's forks load {@code --classpath},
 * resolved in that folder, after the launcher's libraries.
 */
public final class AbBuilds implements AutoCloseable {

    /** Builds a standard Maven project and copies its runtime dependencies to target/dependency. */
    public static final String DEFAULT_BUILD = "mvn -q -B -Dstyle.color=never -DskipTests package"
            + " org.apache.maven.plugins:maven-dependency-plugin:3.8.1:copy-dependencies -DincludeScope=runtime";
    /** A standard Maven project's classes and the dependencies {@link #DEFAULT_BUILD} copies. */
    public static final String DEFAULT_CLASS_PATH = "target/classes:target/dependency/*";
    /** A file only stagebench's own checkout has. */
    static final String OWN_CHECKOUT_MARKER =
            "harness/src/main/java/" + ForkEntry.MAIN_CLASS.replace('.', '/') + ".java";

    /**
     * How both sides are built.
     *
     * @param ownCheckout stagebench's own checkout, built its own way (then build and class path are unused)
     * @param top the top folder of the project's git work tree
     * @param folder the folder {@code ab} runs from, relative to {@code top}: where each side is built
     * @param build the build command
     * @param classPath each side's benchmarks, relative to its {@code folder}
     */
    public record Recipe(boolean ownCheckout, Path top, Path folder, String build, String classPath) {

        /**
         * @param home the project folder {@code ab} runs from
         * @param build {@code --build}, or null
         * @param classPath {@code --classpath}, or null
         * @throws IOException when {@code home} is not in a git work tree
         */
        public static Recipe of(Path home, String build, String classPath) throws IOException {
            Path top = GitWorktree.topLevel(home);
            boolean own = build == null && classPath == null && Files.isRegularFile(top.resolve(OWN_CHECKOUT_MARKER));
            return new Recipe(
                    own,
                    top,
                    top.relativize(home.toAbsolutePath()),
                    build != null ? build : DEFAULT_BUILD,
                    classPath != null ? classPath : DEFAULT_CLASS_PATH);
        }

        /** @return how a side is built, for progress lines */
        String describe() {
            return ownCheckout ? GitWorktree.OWN_BUILD : build;
        }
    }

    /**
     * One side, built.
     *
     * @param checkout the folder whose git state the side's run records
     * @param source its benchmarks and how their forks start
     */
    public record Built(Path checkout, BenchmarkSource source) {}

    private final List<GitWorktree> trees;
    private final Built a;
    private final Built b;

    private AbBuilds(List<GitWorktree> trees, Built a, Built b) {
        this.trees = List.copyOf(trees);
        this.a = a;
        this.b = b;
    }

    /**
     * Checks out and builds both sides; on any failure removes what it checked out.
     *
     * @param home the project folder {@code ab} runs from (B)
     * @param commit A's commit, resolved
     * @param launcher the launcher's own benchmarks: B, and A's registry, in stagebench's own checkout
     * @param launchers how the built sides' forks start
     * @throws IOException with the failing build's first error lines
     * @throws UsageException "A (commit ...): --classpath: no such file or folder: ..."
     */
    static AbBuilds build(
            Recipe recipe,
            Path home,
            String commit,
            BenchmarkSource launcher,
            ForkLaunchers launchers,
            PrintWriter progress)
            throws IOException {
        List<GitWorktree> trees = new ArrayList<>();
        try {
            GitWorktree treeA = GitWorktree.add(recipe.ownCheckout() ? home : recipe.top(), commit);
            trees.add(treeA);
            progress.println(
                    "[ab] building A in " + treeA.dir().resolve(recipe.folder()) + " (" + recipe.describe() + ") ...");
            progress.flush();
            Built sideA = built(treeA, recipe, launcher, launchers, "A (" + commit.substring(0, 12) + ")");
            if (recipe.ownCheckout()) {
                return new AbBuilds(trees, sideA, new Built(home, launcher));
            }
            GitWorktree treeB = GitWorktree.addWorkingTree(recipe.top());
            trees.add(treeB);
            progress.println(
                    "[ab] building B, the working tree, in " + treeB.dir().resolve(recipe.folder()) + " ...");
            progress.flush();
            Built sideB = built(treeB, recipe, launcher, launchers, "B (the working tree)");
            return new AbBuilds(trees, sideA, new Built(home, sideB.source()));
        } catch (IOException | RuntimeException e) {
            trees.forEach(GitWorktree::close);
            throw e;
        }
    }

    /**
     * Checks out {@code commit} in a temporary worktree and builds it by {@code recipe}; on a failure removes it.
     *
     * @param label how messages name the commit, e.g. "GOOD (commit 0123456789ab)"
     * @throws IOException with the failing build's first error lines
     * @throws UsageException "LABEL: --classpath: no such file or folder: ..."
     */
    static Checkout checkout(
            Recipe recipe, Path home, String commit, BenchmarkSource launcher, ForkLaunchers launchers, String label)
            throws IOException {
        GitWorktree tree = GitWorktree.add(recipe.ownCheckout() ? home : recipe.top(), commit);
        try {
            return new Checkout(tree, built(tree, recipe, launcher, launchers, label));
        } catch (IOException | RuntimeException e) {
            tree.close();
            throw e;
        }
    }

    /**
     * A commit built in a worktree of its own, as {@link #checkout} made it.
     *
     * @param tree the worktree, removed by {@link #close()}
     * @param built the build, ready to start forks
     */
    record Checkout(GitWorktree tree, Built built) implements AutoCloseable {
        @Override
        public void close() {
            tree.close();
        }
    }

    /** @return the side {@code tree} holds, once built: stagebench's own build, or the project's by its recipe */
    private static Built built(
            GitWorktree tree, Recipe recipe, BenchmarkSource launcher, ForkLaunchers launchers, String label)
            throws IOException {
        if (recipe.ownCheckout()) {
            tree.build(ForkEntry.MAIN_RESOURCES);
            return new Built(
                    tree.dir(), new BenchmarkSource(ownRegistry(tree, launcher), launchers.build(tree.classPath())));
        }
        tree.build(recipe.build(), recipe.folder());
        Path folder = tree.dir().resolve(recipe.folder());
        try {
            return new Built(folder, BenchmarkSource.of(recipe.classPath(), folder, launchers));
        } catch (UsageException e) {
            throw new UsageException(label + ": " + e.getMessage() + " (after '" + recipe.build() + "')", e);
        }
    }

    /**
     * @return the benchmarks of stagebench's own commit built in {@code tree}: the launcher's, as many as the commit's
     *     stages jar lists (a benchmark the working tree added is not the commit's)
     */
    private static BenchmarkRegistry ownRegistry(GitWorktree tree, BenchmarkSource launcher) throws IOException {
        try (ZipFile jar = new ZipFile(tree.stagesJar().toFile())) {
            ZipEntry list = jar.getEntry(BenchmarkRegistry.LIST_RESOURCE);
            if (list == null) {
                return launcher.registry().only(List.of());
            }
            try (InputStream in = jar.getInputStream(list)) {
                return launcher.registry().only(BenchmarkRegistry.namesListed(in));
            }
        }
    }

    /** @return A: the commit */
    public Built a() {
        return a;
    }

    /** @return B: the working tree */
    public Built b() {
        return b;
    }

    /** Removes the worktrees; never throws. */
    @Override
    public void close() {
        trees.forEach(GitWorktree::close);
    }
}
