package io.stagebench.json;

import com.fasterxml.jackson.core.JsonProcessingException;
import com.fasterxml.jackson.databind.DeserializationFeature;
import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import com.fasterxml.jackson.databind.json.JsonMapper;

/**
 * The one JSON configuration: enums by their command-line names ({@code toString}),
 * pretty output, unknown fields tolerated when reading (newer writers may add fields;
 * a schema version, not a field list, decides compatibility).
 */
public final class Json {

    private static final ObjectMapper MAPPER = JsonMapper.builder()
            .enable(SerializationFeature.WRITE_ENUMS_USING_TO_STRING)
            .enable(DeserializationFeature.READ_ENUMS_USING_TO_STRING)
            .enable(SerializationFeature.INDENT_OUTPUT)
            .disable(DeserializationFeature.FAIL_ON_UNKNOWN_PROPERTIES)
            .build();

    private Json() {
    }

    /** @return the shared, thread-safe mapper */
    public static ObjectMapper mapper() {
        return MAPPER;
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
