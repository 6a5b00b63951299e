package io.stagebench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.cli.Main;
import io.stagebench.config.MeasureDefaults;
import io.stagebench.config.RunConfig;
import io.stagebench.host.ForkLauncher;
import io.stagebench.host.InProcessForks;
import io.stagebench.host.InterleavedRunner;
import io.stagebench.link.Warmup;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.store.ResultReader;
import io.stagebench.store.RunStore;
import io.stagebench.store.StoredRun;
import io.stagebench.system.ReadinessCheck;
import io.stagebench.testing.MeasuresInProcess;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.function.UnaryOperator;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class MeasurementSessionTest {

    @TempDir
    Path results;

    private final StringWriter out = new StringWriter();
    private final StringWriter err = new StringWriter();

    private static UnaryOperator<RunConfig.Builder> small(String flag) {
        return builder -> builder.forks(2)
                .warmup(Warmup.ofMessages(1_000))
                .messages(2_000)
                .calibration(200, 1)
                .lockMemory(false)
                .jvmFlags(List.of(flag));
    }

    private static void assertComplete(MeasurementSession.Stored stored) throws Exception {
        assertNull(stored.reportProblem());
        StoredRun run = ResultReader.load(stored.dir()).run();
        assertNotNull(run.environment(), "no environment in " + stored.dir());
        assertTrue(
                run.environment().has("cpuModel") && run.environment().has("ruler"),
                run.environment().toString());
        assertTrue(Files.isRegularFile(stored.dir().resolve(RunStore.hlogPath("test.pipeline", "total"))));
        assertTrue(Files.isRegularFile(stored.dir().resolve(RunStore.forkResultPath("test.pipeline", 2))));
        assertTrue(Files.isRegularFile(stored.jmh()));
        assertTrue(Files.readString(stored.dir().resolve(RunStore.REPORT)).startsWith("<!DOCTYPE html>"));
    }

    @MeasuresInProcess
    @Test
    void shouldStoreBothSidesOfAnInterleavedComparisonAsCompleteRunsThatDiffWithoutAnUnknownEnvironment()
            throws Exception {
        BenchmarkRegistry registry = BenchmarkRegistry.load();
        ForkLauncher inProcess = InProcessForks.launcher(registry);
        MeasurementSession session =
                MeasurementSession.open(null, results, new PrintWriter(err, true), InProcessForks.LAUNCHERS);
        MeasurementSession.Measurement a =
                session.begin(RunStore.projectHome(), List.of("test.pipeline"), small("-Da"));
        MeasurementSession.Measurement b =
                session.begin(RunStore.projectHome(), List.of("test.pipeline"), small("-Db"));

        InterleavedRunner.Sides outcomes = session.interleaved(
                        new InterleavedRunner.Variant("A", a.config(), inProcess),
                        new InterleavedRunner.Variant("B", b.config(), inProcess),
                        registry)
                .run();
        MeasurementSession.Stored storedA =
                session.store(a, outcomes.a(), a.report(outcomes.a()).warnings());
        MeasurementSession.Stored storedB =
                session.store(b, outcomes.b(), b.report(outcomes.b()).warnings());

        assertComplete(storedA);
        assertComplete(storedB);
        int code = Main.run(
                new String[] {"diff", storedA.dir().toString(), storedB.dir().toString()},
                new PrintWriter(out, true),
                new PrintWriter(err, true));
        assertEquals(0, code, err.toString());
        assertFalse(out.toString().contains("older stagebench"), out.toString());
        assertTrue(
                out.toString().contains("config.jvmFlags"), "the sides' own flags are a setting that differs: " + out);
    }

    @Test
    void shouldBuildEveryRunFromTheSameDefaults() {
        MeasurementSession session =
                MeasurementSession.open(null, results, new PrintWriter(err, true), InProcessForks.LAUNCHERS);

        RunConfig config = session.begin(RunStore.projectHome(), List.of("empty"), UnaryOperator.identity())
                .config();

        assertEquals(session.cpu(), config.cpu());
        assertEquals(5, config.forks());
        assertEquals(200_000, config.messages());
        assertEquals(MeasureDefaults.CHUNK, config.chunk());
        assertEquals(MeasureDefaults.JVM_FLAGS, config.jvmFlags());
        assertTrue(config.lockMemory());
        assertTrue(config.runDir().startsWith(results), config.runDir().toString());
    }

    @Test
    void shouldGiveReadinessWarningsWithTheSameFixOneLine() {
        String grub = "add 'isolcpus=1' to GRUB_CMDLINE_LINUX";
        List<String> warnings = MeasurementSession.readinessWarnings(List.of(
                new ReadinessCheck.Item(
                        "isolcpus",
                        ReadinessCheck.Status.WARN,
                        "CPU 1 is not isolated: the scheduler may run other tasks on it",
                        grub),
                new ReadinessCheck.Item("load", ReadinessCheck.Status.WARN, "load average 2.3", "stop it"),
                new ReadinessCheck.Item(
                        "nohz_full",
                        ReadinessCheck.Status.WARN,
                        "CPU 1 is not in nohz_full: the tick interrupts it",
                        grub)));

        assertEquals(
                List.of(
                        "check: isolcpus; nohz_full: CPU 1 is not isolated; CPU 1 is not in nohz_full (fix: " + grub
                                + ")",
                        "check: load: load average 2.3 (fix: stop it)"),
                warnings);
    }
}
