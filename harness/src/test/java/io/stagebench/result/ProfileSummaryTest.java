package io.stagebench.result;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.output.ProfileLines;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class ProfileSummaryTest {

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
        assertEquals(
                List.of(new ProfileSummary.Frame("Enc.encode", 50), new ProfileSummary.Frame("Enc.writeToken", 50)),
                summary.top(),
                "ties by name; fork 2 wrote nothing");
        assertEquals(List.of("forks/encode/fork-1.flame.html"), summary.flameGraphs());
        assertEquals(
                List.of(
                        "profile (--prof cpu, async-profiler, measured passes only): self share of each frame",
                        "  encode (120 samples): 41.7% Enc.encode, 41.7% Enc.writeToken",
                        "    flame graphs: forks/encode/fork-1.flame.html"),
                ProfileLines.render(
                        "cpu",
                        List.of(new ProfileSummary(
                                "encode",
                                120,
                                List.of(
                                        new ProfileSummary.Frame("Enc.encode", 50),
                                        new ProfileSummary.Frame("Enc.writeToken", 50)),
                                summary.flameGraphs()))));
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
