package io.stagebench.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import com.fasterxml.jackson.databind.JsonNode;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Set;

/**
 * Holds a JSON tree to the record it is bound to, before the mapper binds it, with none of the coercions binding would
 * allow: a component marked {@code @JsonProperty(required = true)} present and not null, and every value present of its
 * component's type - a string, an integer in the component's range, a number (or "NaN", "Infinity", "-Infinity", as
 * numbers are written), true or false, an array, an object. Every refusal is a {@link StoreException} naming the file
 * and where in it, e.g. {@code summary.json: benchmarks[0].summaries[2].p99Ns is missing}.
 */
final class JsonShape {

    private static final Set<String> SPECIAL_NUMBERS = Set.of("NaN", "Infinity", "-Infinity");

    private final Path file;

    JsonShape(Path file) {
        this.file = file;
    }

    /** @throws StoreException at the first value of {@code root} that {@code type} cannot be bound from */
    void check(JsonNode root, Class<? extends Record> type) {
        value(root, type, "", false);
    }

    /** @return "FILE: AT WHAT", the path quoted when it is a top-level key */
    StoreException problem(String at, String what) {
        return new StoreException(file + ": " + (at.contains(".") ? at : "'" + at + "'") + " " + what);
    }

    private void value(JsonNode node, Type type, String at, boolean element) {
        Class<?> raw = (Class<?>) (type instanceof ParameterizedType p ? p.getRawType() : type);
        if (raw == JsonNode.class) {
            return;
        }
        if (raw.isRecord() || raw == Map.class) {
            if (!node.isObject()) {
                throw new StoreException(file + ": " + at + " is not a JSON object");
            }
            if (raw == Map.class) {
                Type values = ((ParameterizedType) type).getActualTypeArguments()[1];
                node.properties().forEach(e -> value(e.getValue(), values, at + "." + e.getKey(), false));
            } else {
                components(node, raw, at);
            }
        } else if (raw == List.class) {
            if (!node.isArray()) {
                throw problem(at, "must be an array, found " + typeOf(node));
            }
            Type elements = ((ParameterizedType) type).getActualTypeArguments()[0];
            for (int i = 0; i < node.size(); i++) {
                value(node.get(i), elements, at + "[" + i + "]", true);
            }
        } else if (!scalar(node, raw)) {
            throw problem(
                    at,
                    "must be " + expected(raw) + ", found " + (raw == String.class && !element ? typeOf(node) : node));
        }
    }

    private void components(JsonNode node, Class<?> record, String at) {
        for (RecordComponent c : record.getRecordComponents()) {
            JsonNode value = node.get(c.getName());
            String child = at.isEmpty() ? c.getName() : at + "." + c.getName();
            if (value != null && !value.isNull()) {
                value(value, c.getGenericType(), child, false);
            } else if (required(c)) {
                throw problem(child, "is missing");
            }
        }
    }

    private static boolean required(RecordComponent c) {
        JsonProperty property = c.getAccessor().getAnnotation(JsonProperty.class);
        return property != null && property.required();
    }

    private static boolean scalar(JsonNode node, Class<?> type) {
        if (type == String.class) {
            return node.isTextual();
        }
        if (type == int.class || type == Integer.class) {
            return node.isIntegralNumber() && node.canConvertToInt();
        }
        if (type == long.class || type == Long.class) {
            return node.isIntegralNumber() && node.canConvertToLong();
        }
        if (type == double.class || type == Double.class) {
            return node.isNumber() || node.isTextual() && SPECIAL_NUMBERS.contains(node.asText());
        }
        if (type == boolean.class || type == Boolean.class) {
            return node.isBoolean();
        }
        throw new IllegalArgumentException("no JSON shape for " + type);
    }

    private static String expected(Class<?> type) {
        if (type == String.class) {
            return "a string";
        }
        if (type == double.class || type == Double.class) {
            return "a number";
        }
        return type == boolean.class || type == Boolean.class ? "true or false" : "an integer";
    }

    private static String typeOf(JsonNode node) {
        return node.getNodeType().toString().toLowerCase(Locale.ROOT);
    }
}
