package io.stagebench.json;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;

class JsonTokensTest {

    private static final String TEXT = """
            {
              "benchmark" : "pipe\\"line\\\\ \\u00e9\\n\\t/",
              "fork" : 3,
              "ticks" : -9223372036854775808,
              "ratio" : 2.5e-3,
              "nan" : "NaN",
              "empty" : { },
              "none" : [ ],
              "nested" : { "list" : [ 1, [ true, false, null ], { "x" : -0.5 } ], "after" : "é" },
              "last" : null
            }""";

    /** @return every token with its text, as Jackson's streaming parser reads {@code text} */
    private static List<String> jackson(String text) throws IOException {
        List<String> out = new ArrayList<>();
        try (JsonParser p = new JsonFactory().createParser(text)) {
            for (JsonToken t = p.nextToken(); t != null; t = p.nextToken()) {
                String name = t == JsonToken.VALUE_NUMBER_INT || t == JsonToken.VALUE_NUMBER_FLOAT ? "VALUE_NUMBER" : t.name();
                out.add(name + " " + (t.isStructStart() || t.isStructEnd() ? "" : p.getText()) + " @" + p.currentName());
            }
        }
        return out;
    }

    private static List<String> ours(String text) throws IOException {
        List<String> out = new ArrayList<>();
        JsonTokens tokens = JsonTokens.of("test", text);
        for (JsonTokens.Token t = tokens.next(); t != null; t = tokens.next()) {
            boolean struct = t == JsonTokens.Token.START_OBJECT || t == JsonTokens.Token.END_OBJECT
                    || t == JsonTokens.Token.START_ARRAY || t == JsonTokens.Token.END_ARRAY;
            out.add(t.name() + " " + (struct ? "" : tokens.text()) + " @" + tokens.currentName());
        }
        return out;
    }

    @Test
    void shouldReadTheTokensJacksonsParserReads() throws IOException {
        assertEquals(jackson(TEXT), ours(TEXT));
    }

    @Test
    void shouldGiveNumbersAsTheirTypes() throws IOException {
        JsonTokens tokens = JsonTokens.of("test", "[ 3, -9223372036854775808, 2.5e-3, true ]");
        tokens.next();
        tokens.next();
        assertEquals(3, tokens.intValue());
        tokens.next();
        assertEquals(Long.MIN_VALUE, tokens.longValue());
        tokens.next();
        assertEquals(0.0025, tokens.doubleValue());
        tokens.next();
        assertTrue(tokens.booleanValue());
        assertEquals(JsonTokens.Token.END_ARRAY, tokens.next());
        assertNull(tokens.next());
    }

    @Test
    void shouldSkipAnObjectsChildrenToItsEnd() throws IOException {
        JsonTokens tokens = JsonTokens.of("test", "{ \"a\" : { \"b\" : [ 1, { \"c\" : 2 } ] }, \"d\" : 4 }");
        tokens.next();
        tokens.next();
        tokens.next();
        tokens.skipChildren();
        assertEquals(JsonTokens.Token.END_OBJECT, tokens.current());
        assertEquals(JsonTokens.Token.FIELD_NAME, tokens.next());
        assertEquals("d", tokens.currentName());
    }

    @Test
    void shouldSayWhatAndWhereForJsonItCannotRead() {
        IOException truncated = assertThrows(IOException.class, () -> ours("{\"benchmark\": \"b\", \"fork\": "));
        assertTrue(truncated.getMessage().contains("unexpected end of input"), truncated.getMessage());
        IOException missingComma = assertThrows(IOException.class, () -> ours("{\n  \"a\": 1\n  \"b\": 2 }"));
        assertTrue(missingComma.getMessage().contains("expected ',', found '\"'"), missingComma.getMessage());
        assertTrue(missingComma.getMessage().contains("line: 3, column: 3"), missingComma.getMessage());
        IOException escape = assertThrows(IOException.class, () -> ours("[\"a\\qb\"]"));
        assertTrue(escape.getMessage().contains("unknown escape '\\q'"), escape.getMessage());
        IOException word = assertThrows(IOException.class, () -> ours("[tru]"));
        assertTrue(word.getMessage().contains("expected 'true'"), word.getMessage());
        IOException notInt = assertThrows(IOException.class, () -> {
            JsonTokens tokens = JsonTokens.of("test", "[2.5]");
            tokens.next();
            tokens.next();
            tokens.intValue();
        });
        assertTrue(notInt.getMessage().contains("'2.5' is not an int"), notInt.getMessage());
    }
}
