package io.stagebench.json;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import com.fasterxml.jackson.annotation.JsonInclude;
import com.fasterxml.jackson.annotation.JsonUnwrapped;
import com.fasterxml.jackson.core.JsonFactory;
import com.fasterxml.jackson.core.JsonGenerator;
import com.fasterxml.jackson.core.JsonParseException;
import com.fasterxml.jackson.core.JsonParser;
import com.fasterxml.jackson.core.JsonToken;
import java.io.IOException;
import java.io.StringWriter;
import java.io.UncheckedIOException;
import java.lang.reflect.InvocationTargetException;
import java.lang.reflect.ParameterizedType;
import java.lang.reflect.RecordComponent;
import java.lang.reflect.Type;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collection;
import java.util.HashMap;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;

/**
 * Records to and from JSON on Jackson's streaming layer alone: what a fork reads (its spec) and writes (its result).
 * The data-binding layer introspects every type and builds a (de)serializer for each before its first use; in a fresh
 * fork, compiling in the foreground ({@code -Xbatch}), that costs several times the parse itself, and a fork reads one
 * spec and writes one result in its life (docs/decisions.md, "Fork start").
 *
 * <p>It writes what {@link Json#write} writes for the same record - a record's components by name, enums by
 * {@code toString}, a NaN as {@code "NaN"}, {@link JsonInclude} on a record type or component honoured, indented alike
 * - and reads what {@link Json} writes: unknown fields skipped (a newer writer), missing ones as Java's defaults (an
 * older one), an unknown enum name as the constant marked {@link JsonEnumDefaultValue}. The launcher keeps {@link Json}
 * for all it reads and writes; the two agree by test, not by sharing code.
 *
 * <p>Types it knows: records (a component marked {@link JsonUnwrapped}, itself a record and a {@link Part}, has its
 * fields written among theirs), enums, {@code String}, the primitives and their boxes, {@code List} and
 * {@code Map<String, ?>} of those; any other is refused by name.
 */
public final class RecordJson {

    private static final JsonFactory FACTORY = new JsonFactory();

    private RecordJson() {}

    /**
     * @return the record of type {@code type} the JSON file holds
     * @throws IOException the file cannot be read or is not such a record (the parser's message says where)
     */
    public static <T extends Record> T read(Path file, Class<T> type) throws IOException {
        return read(file, type, Map.of());
    }

    /**
     * Makes a record of its components' values, in the order the record declares them, by calling its canonical
     * constructor directly. Reflection's {@code Constructor.newInstance} spins method-handle forms for its argument
     * list the first time it meets it: for a fork's spec, with many components in one record, a visible part of every
     * fork's start, a cost no other record the fork reads shares; each of its parts has one of its own.
     */
    @FunctionalInterface
    public interface Canonical<T extends Record> {
        /**
         * @param components the values read, a primitive one boxed (its default when the JSON lacks it)
         * @throws RuntimeException when the record refuses them: it is reported as a parse error of the file
         */
        T make(Object[] components);
    }

    /**
     * {@link #read(Path, Class)} with the records of the types {@code canonical} names - the top-level one, its
     * unwrapped parts - made by their own {@link Canonical} rather than by reflection.
     *
     * @param canonical a record type to what makes it of its components' values; a type it lacks: reflection
     */
    public static <T extends Record> T read(
            Path file, Class<T> type, Map<Class<? extends Record>, Canonical<?>> canonical) throws IOException {
        try (JsonParser parser = FACTORY.createParser(file.toFile())) {
            parser.nextToken();
            T value = type.cast(readRecord(parser, type, canonical));
            if (parser.nextToken() != null) {
                throw new JsonParseException(parser, "more after the " + type.getSimpleName());
            }
            return value;
        }
    }

    /** @return {@code value} as indented JSON, as {@link Json#write} writes it */
    public static String write(Record value) {
        StringWriter text = new StringWriter();
        try (JsonGenerator out = FACTORY.createGenerator(text)) {
            out.useDefaultPrettyPrinter();
            write(out, value);
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return text.toString();
    }

    private static Object read(JsonParser in, Type type) throws IOException {
        Class<?> raw = raw(type);
        JsonToken token = in.currentToken();
        if (token == JsonToken.VALUE_NULL) {
            return raw.isPrimitive() ? defaultOf(raw) : null;
        }
        if (raw == String.class) {
            return scalar(in, type).getText();
        }
        if (raw == int.class || raw == Integer.class) {
            return scalar(in, type).getIntValue();
        }
        if (raw == long.class || raw == Long.class) {
            return scalar(in, type).getLongValue();
        }
        if (raw == double.class || raw == Double.class) {
            // Jackson writes a NaN or an infinity as a string
            return token == JsonToken.VALUE_STRING
                    ? Double.parseDouble(in.getText())
                    : scalar(in, type).getDoubleValue();
        }
        if (raw == boolean.class || raw == Boolean.class) {
            return scalar(in, type).getBooleanValue();
        }
        if (raw.isEnum()) {
            return enumNamed(in, raw, scalar(in, type).getText());
        }
        if (raw.isRecord()) {
            return readRecord(in, raw, Map.of());
        }
        if (List.class.isAssignableFrom(raw)) {
            expect(in, JsonToken.START_ARRAY, type);
            List<Object> list = new ArrayList<>();
            while (in.nextToken() != JsonToken.END_ARRAY) {
                list.add(read(in, argument(type, 0)));
            }
            return list;
        }
        if (Map.class.isAssignableFrom(raw)) {
            expect(in, JsonToken.START_OBJECT, type);
            Map<String, Object> map = new LinkedHashMap<>();
            while (in.nextToken() == JsonToken.FIELD_NAME) {
                String key = in.currentName();
                in.nextToken();
                map.put(key, read(in, argument(type, 1)));
            }
            return map;
        }
        throw new IllegalArgumentException("no JSON reading for " + type.getTypeName());
    }

    /** @param canonical a record type to what makes it of its values; a type it lacks: reflection */
    private static Object readRecord(JsonParser in, Class<?> type, Map<Class<? extends Record>, Canonical<?>> canonical)
            throws IOException {
        expect(in, JsonToken.START_OBJECT, type);
        Shape shape = new Shape(type);
        Map<String, Shape.Slot> slots = new HashMap<>();
        shape.index(slots);
        while (in.nextToken() == JsonToken.FIELD_NAME) {
            Shape.Slot slot = slots.get(in.currentName());
            in.nextToken();
            if (slot == null) {
                in.skipChildren();
            } else {
                slot.owner().values[slot.at()] =
                        read(in, slot.owner().components[slot.at()].getGenericType());
                slot.owner().given[slot.at()] = true;
            }
        }
        return shape.make(in, canonical);
    }

    /**
     * A record type's components as read: a component marked {@link JsonUnwrapped} is a record whose own components are
     * fields of the enclosing object, as Jackson writes and reads it.
     */
    private static final class Shape {

        /** Where a field's value goes: component {@code at} of {@code owner}. */
        private record Slot(Shape owner, int at) {}

        private final Class<?> type;
        private final RecordComponent[] components;
        private final Shape[] unwrapped;
        private final Object[] values;
        private final boolean[] given;

        private Shape(Class<?> type) {
            this.type = type;
            components = type.getRecordComponents();
            unwrapped = new Shape[components.length];
            values = new Object[components.length];
            given = new boolean[components.length];
            for (int i = 0; i < components.length; i++) {
                if (isUnwrapped(components[i])) {
                    unwrapped[i] = new Shape(components[i].getType());
                }
            }
        }

        private void index(Map<String, Slot> slots) {
            for (int i = 0; i < components.length; i++) {
                if (unwrapped[i] != null) {
                    unwrapped[i].index(slots);
                } else {
                    slots.put(components[i].getName(), new Slot(this, i));
                }
            }
        }

        private Object make(JsonParser in, Map<Class<? extends Record>, Canonical<?>> canonicals) throws IOException {
            Class<?>[] types = new Class<?>[components.length];
            for (int i = 0; i < components.length; i++) {
                types[i] = components[i].getType();
                if (unwrapped[i] != null) {
                    values[i] = unwrapped[i].make(in, canonicals);
                } else if (!given[i] && types[i].isPrimitive()) {
                    values[i] = defaultOf(types[i]);
                }
            }
            Canonical<?> canonical = canonicals.get(type);
            if (canonical != null) {
                try {
                    return canonical.make(values);
                } catch (RuntimeException e) {
                    throw new JsonParseException(in, type.getSimpleName() + ": " + e, e);
                }
            }
            try {
                return type.getDeclaredConstructor(types).newInstance(values);
            } catch (InvocationTargetException e) {
                throw new JsonParseException(in, type.getSimpleName() + ": " + e.getCause(), e.getCause());
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("cannot make a " + type.getName(), e);
            }
        }
    }

    /**
     * A record whose components are written among the fields of the record that holds it, where that record marks the
     * component {@link JsonUnwrapped} for the launcher's {@link Json}. Reading, the fork asks the type, not the
     * annotation: a component's first annotation lookup parses the class's annotations and spins their proxies, a cost
     * in a fork's start before its ruler. Writing checks that the two agree.
     */
    public interface Part {}

    /** @return whether {@code component} is a record written among its enclosing record's fields, by its type */
    private static boolean isUnwrapped(RecordComponent component) {
        return Part.class.isAssignableFrom(component.getType());
    }

    /**
     * @return {@link #isUnwrapped}, checked against the component's {@link JsonUnwrapped}
     * @throws IllegalArgumentException when one says unwrapped and the other not: the two writers would disagree
     */
    private static boolean isUnwrappedAsMarked(RecordComponent component) {
        // the annotation does not target record components: Java puts it on the accessor, field and parameter
        boolean marked = component.getAccessor().isAnnotationPresent(JsonUnwrapped.class);
        boolean part = isUnwrapped(component);
        if (marked != part) {
            throw new IllegalArgumentException(component
                    + (marked
                            ? " is marked @JsonUnwrapped but its type is no "
                            : " is not marked @JsonUnwrapped but its type is a ")
                    + Part.class.getName());
        }
        if (part && !component.getType().isRecord()) {
            throw new IllegalArgumentException("only a record can be unwrapped: " + component);
        }
        return part;
    }

    private static void write(JsonGenerator out, Object value) throws IOException {
        if (value == null) {
            out.writeNull();
        } else if (value instanceof String s) {
            out.writeString(s);
        } else if (value instanceof Integer i) {
            out.writeNumber(i);
        } else if (value instanceof Long l) {
            out.writeNumber(l);
        } else if (value instanceof Double d) {
            out.writeNumber(d);
        } else if (value instanceof Boolean b) {
            out.writeBoolean(b);
        } else if (value instanceof Enum<?> e) {
            out.writeString(e.toString());
        } else if (value instanceof Record record) {
            writeRecord(out, record);
        } else if (value instanceof Collection<?> items) {
            out.writeStartArray();
            for (Object item : items) {
                write(out, item);
            }
            out.writeEndArray();
        } else if (value instanceof Map<?, ?> map) {
            out.writeStartObject();
            for (Map.Entry<?, ?> entry : map.entrySet()) {
                out.writeFieldName(String.valueOf(entry.getKey()));
                write(out, entry.getValue());
            }
            out.writeEndObject();
        } else {
            throw new IllegalArgumentException(
                    "no JSON writing for " + value.getClass().getName());
        }
    }

    private static void writeRecord(JsonGenerator out, Record record) throws IOException {
        out.writeStartObject();
        writeFields(out, record);
        out.writeEndObject();
    }

    /** Writes the record's components as fields of the object being written; an unwrapped one's, its own among them. */
    private static void writeFields(JsonGenerator out, Record record) throws IOException {
        JsonInclude include = record.getClass().getAnnotation(JsonInclude.class);
        JsonInclude.Include rule = include == null ? JsonInclude.Include.ALWAYS : include.value();
        for (RecordComponent component : record.getClass().getRecordComponents()) {
            Object value;
            try {
                value = component.getAccessor().invoke(record);
            } catch (ReflectiveOperationException e) {
                throw new IllegalArgumentException("cannot read " + component, e);
            }
            if (isUnwrappedAsMarked(component)) {
                if (value != null) {
                    writeFields(out, (Record) value);
                }
                continue;
            }
            // a component's own @JsonInclude (on its accessor, where a component's annotation lands) overrides the
            // record's
            JsonInclude own = component.getAccessor().getAnnotation(JsonInclude.class);
            JsonInclude.Include applied = own == null ? rule : own.value();
            if (value == null && applied != JsonInclude.Include.ALWAYS
                    || applied == JsonInclude.Include.NON_EMPTY && isEmpty(value)) {
                continue;
            }
            out.writeFieldName(component.getName());
            write(out, value);
        }
    }

    private static boolean isEmpty(Object value) {
        return value == null
                || value instanceof String s && s.isEmpty()
                || value instanceof Collection<?> c && c.isEmpty()
                || value instanceof Map<?, ?> m && m.isEmpty();
    }

    private static Object enumNamed(JsonParser in, Class<?> type, String name) throws IOException {
        Object fallback = null;
        for (Object constant : type.getEnumConstants()) {
            if (constant.toString().equals(name)) {
                return constant;
            }
            try {
                if (type.getField(((Enum<?>) constant).name()).isAnnotationPresent(JsonEnumDefaultValue.class)) {
                    fallback = constant;
                }
            } catch (NoSuchFieldException e) {
                throw new IllegalStateException(e);
            }
        }
        if (fallback == null) {
            throw new JsonParseException(in, "'" + name + "' is not a " + type.getSimpleName());
        }
        return fallback;
    }

    private static JsonParser scalar(JsonParser in, Type type) throws IOException {
        if (!in.currentToken().isScalarValue()) {
            throw new JsonParseException(in, "expected a " + type.getTypeName() + ", found " + in.currentToken());
        }
        return in;
    }

    private static void expect(JsonParser in, JsonToken token, Type type) throws IOException {
        if (in.currentToken() != token) {
            throw new JsonParseException(in, "expected a " + type.getTypeName() + ", found " + in.currentToken());
        }
    }

    private static Class<?> raw(Type type) {
        return type instanceof ParameterizedType p ? (Class<?>) p.getRawType() : (Class<?>) type;
    }

    private static Type argument(Type type, int i) {
        if (type instanceof ParameterizedType p) {
            return p.getActualTypeArguments()[i];
        }
        throw new IllegalArgumentException("no element type in " + type.getTypeName());
    }

    private static Object defaultOf(Class<?> primitive) {
        if (primitive == boolean.class) {
            return false;
        }
        if (primitive == double.class) {
            return 0.0;
        }
        if (primitive == long.class) {
            return 0L;
        }
        return 0;
    }
}
