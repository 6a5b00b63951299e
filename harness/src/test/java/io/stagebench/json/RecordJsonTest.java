package io.stagebench.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.clock.Calibration;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ProbeOverhead;
import io.stagebench.link.CrossCoreOffset;
import io.stagebench.link.ForkLayout;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.Replica;
import io.stagebench.link.ThreadPlacement;
import io.stagebench.system.MeasuredCode;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** The fork's reader and writer agree with the launcher's {@link Json} both ways, on the fork's own types. */
class RecordJsonTest {

    @TempDir
    Path dir;

    private static ForkSpec spec(String progressToken) {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("size", "8");
        params.put("note", "a \"quoted\" value, ünïcode");
        return new ForkSpec("pipeline[size=8]", 3, 10, ClockBinding.FFM, 1, 200_000, 0, 200_000, 1_000, Mode.PACED,
                50_000.5, 10, 1_000, -1, 200, 1, 100_000, true, params, "/tmp/run dir/forks/pipeline", 8, 7,
                "personality(ADDR_NO_RANDOMIZE)", progressToken, 16, List.of("/p/target/classes", "/p/lib/x.jar"), 4,
                true, LinkVersion.CURRENT);
    }

    private static ForkResult result() {
        return new ForkResult("pipeline", 2, List.of("parse", "book"), Mode.BACK_TO_BACK, Double.NaN, ClockBinding.FFM,
                ClockBinding.NANOTIME, new Calibration(2.0958, 2.0957, 2.0959, 3, 200_000_000),
                21, new ProbeOverhead(42, 44, 100_000, 61.5), 1, 1, "1", false, 400_000, 200_000, 0, 0, 0, 0, 3,
                -8_123_456_789L, 0, 1, "OpenJDK 64-Bit Server VM 25", List.of("-Xms512m", "-Xbatch"), "fork-2.raw",
                List.of("pinning refused: \\ and \n", "JIT busy"), 1_796_233_809_794L, 1_796_233_810_789L,
                List.of("Copy", "MarkSweepCompact"), 3, true, List.of("made not entrant: x::y"), null,
                List.of(new ThreadPlacement("handoff", List.of("book"), 0, 0, "0", 0, "fork-2.t1.raw")),
                new CrossCoreOffset(1, 0, -40, 60, 300, 100), new ForkLayout(1, 2624, "fixed", true, 0x0040000, 2048),
                16, null, List.of(ForkWarning.PINNING, ForkWarning.JIT), List.of("add", "delete"), List.of(30_740L, 400_000L),
                21, List.of(new Replica(1, 400_000, 200_000, 0, 0, 0, 667, 1_473, 1L, 2L, 57_549, 1),
                new Replica(2, 200_000, 200_000, 0, 0, 0, 319, 574, 3L, 4L, -1, -1)),
                new MeasuredCode(List.of("io.x.Pipe::parse"), List.of(), List.of(), null), LinkVersion.CURRENT);
    }

    @Test
    void shouldWriteAForkResultAsTheLaunchersJsonWritesIt() throws IOException {
        ForkResult result = result();

        String written = RecordJson.write(result);

        assertEquals(Json.mapper().readTree(Json.write(result)), Json.mapper().readTree(written));
        assertEquals(Json.write(result), written, "the same text: same order, same indentation");
        assertEquals(result.toString(), Json.mapper().readValue(written, ForkResult.class).toString());
    }

    @Test
    void shouldLeaveOutWhatARecordMarkedNonEmptyHasNot() throws IOException {
        MeasuredCode unchecked = new MeasuredCode(List.of(), List.of(), List.of(), "no compile log");

        assertEquals("{\n  \"notChecked\" : \"no compile log\"\n}", RecordJson.write(unchecked));
        assertEquals(Json.write(unchecked), RecordJson.write(unchecked));
    }

    @Test
    void shouldReadASpecTheLauncherWroteAsItWasWritten() throws IOException {
        for (ForkSpec spec : List.of(spec("fd7971ed1a9a692c"), spec(null))) {
            Path file = Files.writeString(dir.resolve("spec.json"), Json.write(spec));

            assertEquals(spec, RecordJson.read(file, ForkSpec.class));
        }
        Path result = Files.writeString(dir.resolve("result.json"), Json.write(result()));
        assertEquals(result().toString(), RecordJson.read(result, ForkResult.class).toString());
    }

    @Test
    void shouldReadASpecThroughItsConstructorAsThroughReflection() throws IOException {
        // every component a value no other has, so two components of one type swapped in ofComponents would show
        ForkSpec distinct = new ForkSpec("encode", 2, 3, ClockBinding.JNA, 5, 6, 7, 8, 9, Mode.PACED, 11.5, 12, 13, 14,
                15, 16, 17, false, Map.of("k", "v"), "/out", 21, 22, "fixed-23", "t24", 25, List.of("cp26"), 27, true,
                29);
        for (ForkSpec spec : List.of(distinct, spec("fd7971ed1a9a692c"), spec(null))) {
            Path file = Files.writeString(dir.resolve("spec.json"), Json.write(spec));

            assertEquals(spec, RecordJson.read(file, ForkSpec.class, ForkSpec::ofComponents));
            assertEquals(RecordJson.read(file, ForkSpec.class), RecordJson.read(file, ForkSpec.class, ForkSpec::ofComponents));
        }
    }

    @Test
    void shouldReportASpecItsConstructorRefusesAsAParseErrorOfTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("spec.json"), Json.write(spec("t")));

        IOException e = assertThrows(IOException.class, () -> RecordJson.read(file, ForkSpec.class, components -> {
            throw new IllegalArgumentException("fork must be positive");
        }));

        assertTrue(e.getMessage().contains("ForkSpec: java.lang.IllegalArgumentException: fork must be positive"),
                e.getMessage());
    }

    @Test
    void shouldReadAnOlderSpecWithoutSomeFieldsAndANewerOneWithMore() throws IOException {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(Json.write(spec("t")));
        tree.remove(List.of("batch", "replicas", "turns", "benchmarkClassPath", "linkVersion"));
        tree.putObject("placement").put("numaNode", 0).putArray("later").add(1).add("two");
        tree.put("numaPolicy", "interleave");
        Path file = Files.writeString(dir.resolve("spec.json"), Json.mapper().writeValueAsString(tree));

        ForkSpec read = RecordJson.read(file, ForkSpec.class);

        assertEquals(Json.mapper().readValue(file.toFile(), ForkSpec.class), read);
        assertEquals(read, RecordJson.read(file, ForkSpec.class, ForkSpec::ofComponents), "a fork reads it so");
        assertEquals(1, read.batch(), "the compact constructor's default for a spec from before batches");
        assertEquals(LinkVersion.UNVERSIONED, read.linkVersion(), "a spec from before versions");
        assertEquals(false, read.turns());
    }

    @Test
    void shouldReadAnEnumValueFromANewerBuildAsItsDefaultAndRefuseOneWithout() throws IOException {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(Json.write(result()));
        tree.withArray("warningCodes").set(1, Json.mapper().getNodeFactory().textNode("from-the-future"));
        Path file = Files.writeString(dir.resolve("result.json"), Json.mapper().writeValueAsString(tree));

        ForkResult read = RecordJson.read(file, ForkResult.class);

        assertEquals(Json.mapper().readValue(file.toFile(), ForkResult.class).warningCodes(), read.warningCodes());
        assertEquals(List.of(ForkWarning.PINNING, ForkWarning.OTHER), read.warningCodes());
        Path badMode = Files.writeString(dir.resolve("spec.json"), "{\"benchmark\": \"b\", \"mode\": \"sideways\"}");
        IOException e = assertThrows(IOException.class, () -> RecordJson.read(badMode, ForkSpec.class));
        assertTrue(e.getMessage().contains("'sideways' is not a Mode"), e.getMessage());
    }

    @Test
    void shouldRefuseJsonThatIsNotARecordSayingWhere() throws IOException {
        Path truncated = Files.writeString(dir.resolve("spec.json"), "{\"benchmark\": \"b\", \"fork\": ");
        assertThrows(IOException.class, () -> RecordJson.read(truncated, ForkSpec.class));
        Path list = Files.writeString(dir.resolve("list.json"), "[1, 2]");
        IOException e = assertThrows(IOException.class, () -> RecordJson.read(list, ForkSpec.class));
        assertTrue(e.getMessage().contains("expected a io.stagebench.link.ForkSpec, found START_ARRAY"), e.getMessage());
        assertTrue(e.getMessage().contains("line: 1"), e.getMessage());
    }
}
