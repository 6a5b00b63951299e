package io.stagebench.json;

import com.fasterxml.jackson.core.JsonLocation;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.core.io.JsonEOFException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.exc.MismatchedInputException;
import com.fasterxml.jackson.databind.json.JsonMapper;
import java.util.regex.Matcher;
import java.util.regex.Pattern;
import java.util.stream.Collectors;

/**
 * The one JSON configuration: enums by their command-line names ({@code toString}), pretty output, unknown fields
 * tolerated when reading (newer writers may add fields; a schema version, not a field list, decides compatibility).
 */
public final class Json {

    private static final Pattern UNEXPECTED_CHARACTER = Pattern.compile("Unexpected character \\('(.+?)' \\(code");

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            // an enum that names its default (ForkWarning.OTHER) reads a newer build's value as it
            .enable(DeserializationFeature.READ_UNKNOWN_ENUM_VALUES_USING_DEFAULT_VALUE)
            .build();

    private Json() {}

    /** @return the shared, thread-safe mapper */
    public static ObjectMapper mapper() {
        return MAPPER;
    }

    /**
     * What is wrong with a JSON file, in words and without the parser's internals (token names, character codes, source
     * descriptions, reference chains), e.g. {@code "ends early at line 10, column 25"} (a truncated file) or
     * {@code "unexpected character 'x' at line 1, column 32"}.
     */
    public static String problem(JsonProcessingException e) {
        String what;
        if (e instanceof JsonEOFException) {
            what = "ends early";
        } else if (e instanceof JsonParseException) {
            Matcher character = UNEXPECTED_CHARACTER.matcher(String.valueOf(e.getOriginalMessage()));
            what = character.lookingAt() ? "unexpected character '" + character.group(1) + "'" : "not valid JSON";
        } else if (e instanceof MismatchedInputException mismatch
                && !mismatch.getPath().isEmpty()) {
            what = "'"
                    + mismatch.getPath().stream()
                            .map(r -> r.getFieldName() != null ? r.getFieldName() : Integer.toString(r.getIndex()))
                            .collect(Collectors.joining("."))
                    + "' has the wrong type or is missing";
        } else {
            what = "does not have the expected layout";
        }
        JsonLocation at = e.getLocation();
        return at != null && at.getLineNr() > 0
                ? what + " at line " + at.getLineNr() + ", column " + at.getColumnNr()
                : what;
    }

    /** @return {@code value} as indented JSON */
    public static String write(Object value) {
        try {
            return MAPPER.writeValueAsString(value);
        } catch (JsonProcessingException e) {
            throw new IllegalStateException("cannot write " + value.getClass().getSimpleName() + " as JSON", e);
        }
    }
}
