package io.stagebench.stages.cli;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.json.Json;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.JmhScore;
import io.stagebench.stages.jmh.Probe;
import io.stagebench.stages.jmh.Row;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class CrosscheckDocumentTest {

    private static final CrosscheckDocument.Stagebench STAGEBENCH =
            new CrosscheckDocument.Stagebench("back-to-back", 3, 200_000, 500_000, 2_000_000);
    private static final CrosscheckDocument.Jmh JMH =
            new CrosscheckDocument.Jmh("AverageTime", 2, 2, 4, 1_000, CrosscheckCommand.JMH_FILE);
    private static final Map<String, JmhScore> SCORES = Map.of("ParseJmh.parse", new JmhScore(100, 2));

    private static Row parse(double... samplesNs) {
        return CrossCheck.compare(
                CrossCheck.PAIRINGS.get(0), samplesNs, samplesNs[samplesNs.length / 2], SCORES, new Probe(20, 25));
    }

    private static List<String> keys(JsonNode node) {
        return node.propertyStream().map(Map.Entry::getKey).toList();
    }

    @Test
    void shouldWriteTheCrosscheckKeysInTheirOrder() throws Exception {
        CrosscheckDocument document = CrosscheckDocument.of(
                1, 2_000_000, 7, STAGEBENCH, JMH, List.of(parse(100, 101)), "auto", List.of(), List.of("w"));

        JsonNode json = Json.mapper().readTree(Json.write(document));

        assertEquals(
                List.of(
                        "schema",
                        "cpu",
                        "streamMessages",
                        "seed",
                        "stagebench",
                        "jmh",
                        "tolerancePercent",
                        "minCheckedNs",
                        "rows",
                        "batch",
                        "batchedRows",
                        "agrees",
                        "warnings"),
                keys(json));
        assertEquals(
                List.of("mode", "forks", "warmupMessages", "measuredMessages", "batchedMessages"),
                keys(json.get("stagebench")));
        assertEquals("back-to-back", json.at("/stagebench/mode").asText());
        assertEquals(
                List.of("mode", "forks", "warmupIterations", "iterations", "iterationMs", "resultFile", "schedule"),
                keys(json.get("jmh")));
        assertEquals(CrosscheckCommand.SCHEMA, json.get("schema").asText());
        assertEquals("auto", json.get("batch").asText());
        assertEquals("parse", json.at("/rows/0/stage").asText());
        assertTrue(json.get("agrees").asBoolean());
    }

    @Test
    void shouldAgreeOnlyWhenTheBatchedRowsAgreeToo() {
        CrosscheckDocument document = CrosscheckDocument.of(
                1, 2_000_000, 7, STAGEBENCH, JMH, List.of(parse(100, 101)), "16", List.of(parse(150, 160)), List.of());

        assertFalse(document.agrees());
        assertEquals(CrossCheck.TOLERANCE_PERCENT, document.tolerancePercent());
    }
}
