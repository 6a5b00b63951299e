package io.stagebench.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.clock.ClockBinding;
import io.stagebench.link.ForkResult;
import io.stagebench.link.ForkResultFixture;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.LinkVersion;
import io.stagebench.link.Mode;
import io.stagebench.link.Warmup;
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
        return new ForkSpec(
                new ForkSpec.Job(
                        "pipeline[size=8]",
                        3,
                        10,
                        params,
                        List.of("/p/target/classes", "/p/lib/x.jar"),
                        "/tmp/run dir/forks/pipeline",
                        progressToken),
                new ForkSpec.Ruler(ClockBinding.FFM, 200, 1, 100_000),
                new ForkSpec.Placement(1, true, 7, "personality(ADDR_NO_RANDOMIZE)"),
                new ForkSpec.Measurement(
                        Warmup.ofMessages(200_000),
                        200_000,
                        1_000,
                        Mode.PACED,
                        50_000.5,
                        10,
                        1_000,
                        -1,
                        16,
                        4,
                        8,
                        true,
                        "cpu",
                        100_000),
                LinkVersion.CURRENT);
    }

    private static ForkResult result() {
        return ForkResultFixture.everyField();
    }

    @Test
    void shouldWriteAForkResultAsTheLaunchersJsonWritesIt() throws IOException {
        ForkResult result = result();

        String written = RecordJson.write(result);

        assertEquals(Json.mapper().readTree(Json.write(result)), Json.mapper().readTree(written));
        assertEquals(Json.write(result), written, "the same text: same order, same indentation");
        assertEquals(
                result.toString(),
                Json.mapper().readValue(written, ForkResult.class).toString());
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
        assertEquals(
                result().toString(), RecordJson.read(result, ForkResult.class).toString());
    }

    @Test
    void shouldReadASpecThroughItsConstructorAsThroughReflection() throws IOException {
        // every component a value no other has, so two components of one type swapped in an ofComponents would show
        ForkSpec distinct = new ForkSpec(
                new ForkSpec.Job("encode", 2, 3, Map.of("k", "v"), List.of("cp26"), "/out", "t24"),
                new ForkSpec.Ruler(ClockBinding.JNA, 15, 16, 17),
                new ForkSpec.Placement(5, false, 22, "fixed-23"),
                new ForkSpec.Measurement(
                        new Warmup(6, 7), 8, 9, Mode.PACED, 11.5, 12, 13, 14, 25, 27, 21, true, "wall", 31),
                29);
        for (ForkSpec spec : List.of(distinct, spec("fd7971ed1a9a692c"), spec(null))) {
            Path file = Files.writeString(dir.resolve("spec.json"), Json.write(spec));

            assertEquals(spec, RecordJson.read(file, ForkSpec.class, ForkSpec.CANONICAL));
            assertEquals(
                    RecordJson.read(file, ForkSpec.class), RecordJson.read(file, ForkSpec.class, ForkSpec.CANONICAL));
        }
    }

    @Test
    void shouldReportASpecItsConstructorRefusesAsAParseErrorOfTheFile() throws IOException {
        Path file = Files.writeString(dir.resolve("spec.json"), Json.write(spec("t")));

        IOException e = assertThrows(
                IOException.class,
                () -> RecordJson.read(file, ForkSpec.class, Map.of(ForkSpec.class, components -> {
                    throw new IllegalArgumentException("fork must be positive");
                })));

        assertTrue(
                e.getMessage().contains("ForkSpec: java.lang.IllegalArgumentException: fork must be positive"),
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
        assertEquals(read, RecordJson.read(file, ForkSpec.class, ForkSpec.CANONICAL), "a fork reads it so");
        assertEquals(1, read.measurement().batch(), "the compact constructor's default for a spec from before batches");
        assertEquals(LinkVersion.UNVERSIONED, read.linkVersion(), "a spec from before versions");
        assertEquals(false, read.measurement().turns());
    }

    @Test
    void shouldReadAnEnumValueFromANewerBuildAsItsDefaultAndRefuseOneWithout() throws IOException {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(Json.write(result()));
        tree.withArray("warningCodes").set(1, Json.mapper().getNodeFactory().textNode("from-the-future"));
        Path file = Files.writeString(dir.resolve("result.json"), Json.mapper().writeValueAsString(tree));

        ForkResult read = RecordJson.read(file, ForkResult.class);

        assertEquals(
                Json.mapper()
                        .readValue(file.toFile(), ForkResult.class)
                        .checks()
                        .warningCodes(),
                read.checks().warningCodes());
        assertEquals(
                List.of(ForkWarning.PINNING, ForkWarning.OTHER), read.checks().warningCodes());
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
        assertTrue(
                e.getMessage().contains("expected a io.stagebench.link.ForkSpec, found START_ARRAY"), e.getMessage());
        assertTrue(e.getMessage().contains("line: 1"), e.getMessage());
    }

    record Inner(int a) implements RecordJson.Part {}

    record NotAPart(int a) {}

    record Marked(@JsonUnwrapped NotAPart inner, int b) {}

    record Unmarked(Inner inner, int b) {}

    record Flat(@JsonUnwrapped Inner inner, int b) {}

    @Test
    void shouldRefuseToWriteAComponentWhoseMarkAndTypeDisagreeOnBeingUnwrapped() throws IOException {
        IllegalArgumentException marked =
                assertThrows(IllegalArgumentException.class, () -> RecordJson.write(new Marked(new NotAPart(1), 2)));
        IllegalArgumentException unmarked =
                assertThrows(IllegalArgumentException.class, () -> RecordJson.write(new Unmarked(new Inner(1), 2)));

        assertTrue(marked.getMessage().contains("is marked @JsonUnwrapped but its type is no"), marked.getMessage());
        assertTrue(
                unmarked.getMessage().contains("is not marked @JsonUnwrapped but its type is a"),
                unmarked.getMessage());
        assertEquals(Json.write(new Flat(new Inner(1), 2)), RecordJson.write(new Flat(new Inner(1), 2)));
        Path file = Files.writeString(dir.resolve("flat.json"), "{\"a\": 1, \"b\": 2}");
        assertEquals(new Flat(new Inner(1), 2), RecordJson.read(file, Flat.class));
    }
}
