package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.link.ProfiledPasses;
import io.stagebench.output.ProfileLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSummaryTest {

    private static final String LOOP =
            "ForkMain.main;io/stagebench/forked/KeptPass.measure;" + "io/stagebench/forked/MeasureLoop.backToBack;";

    @TempDir
    Path run;

    @Test
    void shouldSumEveryForksSelfSamplesByInnermostFrameMostFirst() throws IOException {
        Path forks = Files.createDirectories(run.resolve("forks").resolve("encode"));
        Files.writeString(forks.resolve("fork-1.collapsed"), """
                ForkMain.main;KeptPass.measure;Enc.encode;Enc.writeToken 30
                ForkMain.main;KeptPass.measure;Enc.encode 50
                ForkMain.main;KeptPass.measure;Clock.end 20
                """);
        Files.writeString(forks.resolve("fork-1.flame.html"), "<html></html>");
        Files.writeString(forks.resolve("fork-3.collapsed"), "ForkMain.main;KeptPass.measure;Enc.writeToken 20\n");

        ProfileSummary summary = ProfileSummary.read(run, "encode", 2);

        assertEquals(120, summary.samples());
        assertEquals("samples", summary.unit(), "forks that did not say what a sample is worth");
        assertEquals(
                List.of(new ProfileSummary.Frame("Enc.encode", 50), new ProfileSummary.Frame("Enc.writeToken", 50)),
                summary.top(),
                "ties by name; fork 2 wrote nothing");
        assertEquals(List.of("forks/encode/fork-1.flame.html"), summary.flameGraphs());
        assertEquals(
                List.of(
                        "profile (--prof cpu, measured passes only): self share of each frame",
                        "  encode (120 samples): 41.7% Enc.encode, 41.7% Enc.writeToken",
                        "    flame graph: forks/encode/fork-1.flame.html"),
                ProfileLines.render("cpu", List.of(summary)));
    }

    @Test
    void shouldReadEachStackAsItsCostAMessageOverEveryForksMessages() throws IOException {
        Path forks = Files.createDirectories(run.resolve("forks").resolve("pipeline"));
        Files.writeString(
                forks.resolve("fork-1.collapsed"),
                LOOP + "io/x/Pipeline.run;io/x/Parser.parse 30\n"
                        + LOOP + "io/x/Pipeline.run;io/x/Book.apply;io/x/Book.level 10\n"
                        + LOOP + "io/x/Pipeline.run;io/stagebench/api/RecordingStamps.mark 10\n"
                        + LOOP + "io/stagebench/nativeaccess/FfmClock.end 10\n");
        ProfiledPasses.of("cpu", 100_000, 1_000_000).write(forks.resolve("fork-1.profile.json"));
        Files.writeString(forks.resolve("fork-2.collapsed"), LOOP + "io/x/Pipeline.run 20\n");
        ProfiledPasses.of("cpu", 100_000, 1_000_000).write(forks.resolve("fork-2.profile.json"));

        ProfileStacks stacks = ProfileStacks.read(run, "pipeline");
        ProfileSummary summary = ProfileSummary.of(stacks, 5);

        assertEquals("ns", summary.unit());
        assertEquals(4.0, summary.perMessage(), 1e-9, "80 samples of 100 us over 2,000,000 messages");
        assertEquals(
                Map.of(
                        "io/x/Parser.parse",
                        1.5,
                        ProfileStacks.HARNESS,
                        1.0,
                        "io/x/Book.apply",
                        0.5,
                        "io/x/Pipeline.run",
                        1.0),
                stacks.byCall(),
                "filed by the operation's callee; the clock and the stamps as the harness's");
        assertEquals(
                "    by call of the operation: 37.5% Parser.parse, 25.0% (stamps and loop), 25.0% Pipeline.run,"
                        + " 12.5% Book.apply",
                ProfileLines.render("cpu", List.of(summary)).get(2));
        assertEquals(
                "  pipeline (80 samples, 4.0 ns a message): 37.5% Parser.parse, 25.0% Pipeline.run, 12.5%"
                        + " RecordingStamps.mark, 12.5% FfmClock.end, 12.5% Book.level",
                ProfileLines.render("cpu", List.of(summary)).get(1));
    }

    @Test
    void shouldSayABenchmarkWithoutSamples() throws IOException {
        ProfileSummary none = ProfileSummary.read(run, "decide", 5);

        assertEquals(0, none.samples());
        assertEquals(
                "  decide: no samples (see the forks' warnings)",
                ProfileLines.render("cpu", List.of(none)).get(1));
    }
}
