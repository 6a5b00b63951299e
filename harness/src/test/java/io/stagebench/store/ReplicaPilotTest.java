package io.stagebench.store;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.json.Json;
import io.stagebench.result.RepetitionCosts;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.OptionalInt;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ReplicaPilotTest {

    @TempDir
    Path dir;

    private Path storeRun(Path fakeRoot, Instant start, double forkPct, double setupPct, RepetitionCosts costs)
            throws IOException {
        return RunFixture.writeMeasuredRun(dir.resolve("results"), fakeRoot, start, forkPct, setupPct, costs);
    }

    private MachineFingerprint machineOf(Path run) {
        return MachineFingerprint.of(ResultReader.readSummary(run));
    }

    @Test
    void shouldPlanFromTheNewestRunsOfThisMachineThatMeasuredTheSpreadAndCostsPooled() throws IOException {
        Path fixture = dir.resolve("machine");
        Path older = storeRun(fixture, RunFixture.START, 4, 4, new RepetitionCosts(2.4, 0.2, 100));
        Path pilot =
                storeRun(fixture, RunFixture.START.plus(Duration.ofHours(1)), 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        RunFixture.writeRun(
                dir.resolve("results"),
                fixture,
                RunFixture.COMMIT,
                false,
                RunFixture.START.plus(Duration.ofHours(2)),
                3,
                List.of());

        ReplicaPilot found = ReplicaPilot.pooled(dir.resolve("results"), machineOf(older), "pipe")
                .orElseThrow();

        assertEquals(
                List.of(Pairing.idOf(pilot), Pairing.idOf(older)),
                found.runs(),
                "the runs with the figures, newest first, not the newer one without");
        assertEquals(
                List.of("book", "parse"),
                found.spread().keySet().stream().sorted().toList(),
                "its stage series only");
        // each run 3 forks x 4 replicas: the fork levels pooled over 2 + 2 degrees of freedom, the setups' over 9 + 9
        double forks = (16 + 4) / 2.0;
        double setups = (16 + 36) / 2.0;
        assertEquals(Math.sqrt(forks), found.spread().get("book").forkPct(), 1e-12);
        assertEquals(2.5, found.costs().forkS(), 1e-12, "the costs' median");
        // R = sqrt((setups^2 + within^2) x (fork - replica) / (forks^2 x replica)), a replica 0.2 s + 200,000 x 100 ns
        double replicaS = 0.2 + 200_000 * 100e-9;
        long expected = Math.round(Math.sqrt((setups + 1) * (2.5 - replicaS) / (forks * replicaS)));
        assertEquals(OptionalInt.of((int) expected), found.replicas(200_000));
        assertTrue(
                found.describe()
                        .startsWith("run " + Pairing.idOf(pilot) + " and 1 before it, pooled: book forks 3.2%,"
                                + " setups 5.1%, within 1.0%; a fork 2.5 s, a setup 0.20 s"),
                found.describe());
    }

    @Test
    void shouldPoolAtMostTheNewestFiveRuns() throws IOException {
        Path fixture = dir.resolve("machine");
        List<Path> runs = new ArrayList<>();
        for (int i = 0; i < 7; i++) {
            // the two oldest runs saw no fork level at all; the newest five saw 3 %
            runs.add(storeRun(
                    fixture,
                    RunFixture.START.plus(Duration.ofHours(i)),
                    i < 2 ? 0 : 3,
                    2,
                    new RepetitionCosts(2.6, 0.2, 100)));
        }

        ReplicaPilot found = ReplicaPilot.pooled(dir.resolve("results"), machineOf(runs.get(0)), "pipe")
                .orElseThrow();

        assertEquals(runs.subList(2, 7).reversed().stream().map(Pairing::idOf).toList(), found.runs());
        assertEquals(3.0, found.spread().get("parse").forkPct(), 1e-12);
        assertTrue(
                found.describe().startsWith("run " + Pairing.idOf(runs.get(6)) + " and 4 before it, pooled:"),
                found.describe());
    }

    @Test
    void shouldNotPlanFromAnotherMachinesRunsOrFromRunsWithoutASetupsCost() throws IOException {
        Path here = dir.resolve("here");
        Path elsewhere = dir.resolve("elsewhere");
        Path mine = storeRun(here, RunFixture.START, 2, 6, new RepetitionCosts(2.6, null, 100));
        Path other = storeRun(
                elsewhere, RunFixture.START.plus(Duration.ofHours(1)), 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        // the same machine but for its kernel: a new kernel moves a figure as surely as a commit does
        Files.createDirectories(elsewhere.resolve("proc/sys/kernel"));
        Files.writeString(elsewhere.resolve("proc/sys/kernel/osrelease"), "9.9.9-other");
        Path otherMachine = storeRun(
                elsewhere, RunFixture.START.plus(Duration.ofHours(2)), 2, 6, new RepetitionCosts(2.6, 0.2, 100));

        // the same CPU model name, kernel and JVM, but another CPU kind (its TSC at another frequency), measured last
        Path otherCpu =
                storeRun(here, RunFixture.START.plus(Duration.ofHours(3)), 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        JsonNode summary =
                Json.mapper().readTree(otherCpu.resolve(RunStore.SUMMARY).toFile());
        ((ObjectNode) summary.get("environment")).put("kernelTscMhz", 2096.029);
        Files.writeString(otherCpu.resolve(RunStore.SUMMARY), Json.write(summary));

        assertTrue(
                ReplicaPilot.pooled(dir.resolve("results"), machineOf(mine), "pipe")
                        .isPresent(),
                "the same machine's run one hour later has a setup's cost: " + other);
        assertEquals(
                Pairing.idOf(other),
                ReplicaPilot.pooled(dir.resolve("results"), machineOf(mine), "pipe")
                        .orElseThrow()
                        .runs()
                        .get(0),
                "not " + otherMachine + ", measured on another kernel, nor " + otherCpu
                        + ", on another CPU of the same name");
        assertTrue(
                ReplicaPilot.pooled(dir.resolve("results"), machineOf(mine), "encode")
                        .isEmpty(),
                "no run of it");
        assertTrue(
                ReplicaPilot.pooled(dir.resolve("nothing"), machineOf(mine), "pipe")
                        .isEmpty(),
                "no results folder");
    }
}
