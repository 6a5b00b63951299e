package io.stagebench.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.host.UserBuild;
import io.stagebench.system.TestGit;
import io.stagebench.testing.StartsProcesses;
import java.nio.file.Files;
import java.nio.file.Path;
import javax.xml.parsers.DocumentBuilderFactory;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The examples/my-benchmarks project as a user runs it: its sources compiled in a folder of their own as its Maven
 * build compiles them (javac with the harness's annotation processor), then measured by the command line started in
 * that folder, with {@code --classpath}.
 */
@StartsProcesses
class ExampleProjectTest {

    private static final Path EXAMPLE_SOURCES = Path.of("../examples/my-benchmarks/src/main/java");
    private static final long TICKS = 3000;

    @TempDir
    Path project;

    @Test
    void shouldMeasureTheExamplesKnownStageWithinTheRulersToleranceAndStoreItInTheProjectsResults() throws Exception {
        assertTrue(Files.isDirectory(EXAMPLE_SOURCES), EXAMPLE_SOURCES.toAbsolutePath() + " is missing");
        UserBuild.compileTree(EXAMPLE_SOURCES, project.resolve("target/classes"));
        Files.writeString(project.resolve(".gitignore"), "target/\nresults/\n");
        TestGit.git(project, "init", "-q");
        TestGit.git(project, "add", ".gitignore");
        TestGit.git(project, "commit", "-q", "-m", "a project of its own");
        String commit = TestGit.git(project, "rev-parse", "--short=12", "HEAD");

        CommandLineProcess.Result run = CommandLineProcess.run(
                project, "run", "example", "--classpath", "target/classes", "--quick", "--param", "ticks=" + TICKS);

        assertEquals(0, run.exitCode(), run.err());
        StoredStage wait = StoredStage.read(project.resolve("results").resolve(commit), "example", "wait");
        wait.assertSpun(TICKS);
        assertTrue(run.out().contains("results: " + wait.runDir()), run.out());
        assertTrue(run.out().contains("measuring thread pinned to CPU " + wait.cpu()), run.out());
        assertTrue(run.out().lines().anyMatch(l -> l.strip().startsWith("vwap")), run.out());
    }

    @Test
    void shouldHaveAPomThatParsesCopiesItsDependenciesAndStartsOnAnyJava() throws Exception {
        org.w3c.dom.Document pom = DocumentBuilderFactory.newInstance()
                .newDocumentBuilder()
                .parse(Path.of("../examples/my-benchmarks/pom.xml").toFile());

        assertEquals(
                io.stagebench.launch.JarMain.class.getName(),
                pom.getElementsByTagName("mainClass").item(0).getTextContent().strip());
        boolean copies = false;
        var goals = pom.getElementsByTagName("goal");
        for (int i = 0; i < goals.getLength(); i++) {
            copies |= goals.item(i).getTextContent().strip().equals("copy-dependencies");
        }
        assertTrue(copies, "package copies the runtime dependencies to target/dependency, for --classpath");
    }
}
