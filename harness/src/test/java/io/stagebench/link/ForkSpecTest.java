package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import com.fasterxml.jackson.databind.node.ObjectNode;
import io.stagebench.clock.ClockBinding;
import io.stagebench.json.Json;
import io.stagebench.json.RecordJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fork's spec is written as one flat object whatever parts the type has, so a fork of an older build reads it:
 * {@code fork-spec-v3.json} is what a build of link version 3 wrote, before the spec had parts, for
 * {@link #everyField}.
 */
class ForkSpecTest {

    @TempDir
    Path dir;

    /** Every component a value no other has: a component read into another of its type would show. */
    static ForkSpec everyField() {
        Map<String, String> params = new LinkedHashMap<>();
        params.put("size", "8");
        params.put("note", "a \"quoted\" value, ünïcode");
        return new ForkSpec(
                new ForkSpec.Job("encode", 2, 3, params, List.of("cp26"), "/out", "t24"),
                new ForkSpec.Ruler(ClockBinding.JNA, 15, 16, 17),
                new ForkSpec.Placement(5, false, 22, "fixed-23"),
                new ForkSpec.Measurement(
                        new Warmup(6, 7), 8, 9, Mode.PACED, 11.5, 12, 13, 14, 25, 27, 21, true, null, 0),
                3);
    }

    private static JsonNode written() throws IOException {
        try (InputStream in = ForkSpecTest.class.getResourceAsStream("fork-spec-v3.json")) {
            return Json.mapper().readTree(in);
        }
    }

    @Test
    void shouldWriteTheFieldsAndValuesABuildBeforeItsPartsWroteAndOnlyAddedOnesBeside() throws IOException {
        assertEquals(written(), withoutAdded(Json.write(everyField())), "the launcher writes it for a fork");
        assertEquals(written(), withoutAdded(RecordJson.write(everyField())), "the fork's own writer");
    }

    /** Fields added since that build, which an older fork skips: {@code --prof}'s event and interval. */
    private static final List<String> ADDED = List.of("profile", "profileInterval");

    private static JsonNode withoutAdded(String json) throws IOException {
        ObjectNode tree = (ObjectNode) Json.mapper().readTree(json);
        for (String field : ADDED) {
            assertTrue(tree.has(field), "added field " + field);
            tree.remove(field);
        }
        return tree;
    }

    @Test
    void shouldReadTheFileABuildBeforeItsPartsWroteIntoTheSamePartsAsAForkReadsIt() throws IOException {
        Path file =
                Files.writeString(dir.resolve("fork-2.spec.json"), Json.mapper().writeValueAsString(written()));

        assertEquals(everyField(), Json.mapper().readValue(file.toFile(), ForkSpec.class), "the launcher's reader");
        assertEquals(everyField(), RecordJson.read(file, ForkSpec.class, ForkSpec.CANONICAL), "a fork's reader");
        assertEquals(everyField(), RecordJson.read(file, ForkSpec.class), "by reflection");
    }

    @Test
    void shouldChangeOnlyWhatAWithChanges() {
        ForkSpec spec = everyField();

        ForkSpec changed =
                spec.withTurns(false).withBenchmarkClassPath(List.of("a", "b")).withLinkVersion(2);

        assertEquals(false, changed.measurement().turns());
        assertEquals(List.of("a", "b"), changed.job().benchmarkClassPath());
        assertEquals(2, changed.linkVersion());
        assertEquals(spec.ruler(), changed.ruler());
        assertEquals(spec.placement(), changed.placement());
        assertEquals(spec.measurement().replicas(), changed.measurement().replicas());
        assertEquals(spec.job().progressToken(), changed.job().progressToken());
        assertEquals("fork-2.json", changed.resultFileName());
    }
}
