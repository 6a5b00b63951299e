package io.stagebench.api;

import java.util.Arrays;
import java.util.List;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * A {@link Parameter} as a value: checked when it is made (a bad declaration is an {@link IllegalArgumentException},
 * which the annotation processor turns into a compile error), then used to check the values given on the command line
 * before any fork starts.
 *
 * @param name the name after {@code --param}
 * @param type what a value may be
 * @param defaultValue the value used when none is given; empty when the benchmark computes it
 * @param min smallest value ({@link Parameter.Type#LONG})
 * @param max largest value ({@link Parameter.Type#LONG})
 * @param values the values accepted ({@link Parameter.Type#TEXT}); empty accepts any
 * @param description one line
 */
public record ParameterDeclaration(
        String name,
        Parameter.Type type,
        String defaultValue,
        long min,
        long max,
        List<String> values,
        String description) {

    private static final Pattern NAME = Pattern.compile("[A-Za-z][A-Za-z0-9._-]*");

    /** @throws IllegalArgumentException naming the parameter and what is wrong with its declaration */
    public ParameterDeclaration {
        values = List.copyOf(values);
        if (name == null || !NAME.matcher(name).matches()) {
            throw new IllegalArgumentException(
                    "parameter name '" + name + "' must be a letter, then letters, digits," + " '.', '-', '_'");
        }
        if (min > max) {
            throw new IllegalArgumentException("parameter " + name + ": min " + min + " is above max " + max);
        }
        if (type == Parameter.Type.LONG && !values.isEmpty()) {
            throw new IllegalArgumentException(
                    "parameter " + name + ": values are for TEXT parameters; a LONG one has" + " min and max");
        }
        if (type == Parameter.Type.TEXT && (min != Long.MIN_VALUE || max != Long.MAX_VALUE)) {
            throw new IllegalArgumentException(
                    "parameter " + name + ": min and max are for LONG parameters; a TEXT one" + " lists its values");
        }
        if (!defaultValue.isEmpty()) {
            String wrong = problemWith(type, min, max, values, defaultValue);
            if (wrong != null) {
                throw new IllegalArgumentException("parameter " + name + ": default '" + defaultValue + "' " + wrong);
            }
        }
    }

    /** @return the declaration {@code parameter} makes */
    public static ParameterDeclaration of(Parameter parameter) {
        return new ParameterDeclaration(
                parameter.name(),
                parameter.type(),
                parameter.defaultValue(),
                parameter.min(),
                parameter.max(),
                Arrays.asList(parameter.values()),
                parameter.description());
    }

    /** @return what is wrong with {@code value}, e.g. "is out of range", or empty when it is valid */
    public Optional<String> problem(String value) {
        return Optional.ofNullable(problemWith(type, min, max, values, value));
    }

    /**
     * @return {@code value} as an error line shows it: whole, or when longer than 24 characters its first 20 and its
     *     length, so that a line stays one line
     */
    public static String shown(String value) {
        return value.length() <= 24 ? value : value.substring(0, 20) + "... (" + value.length() + " characters)";
    }

    /**
     * @return e.g. {@code ticks=[0..4294967295], default 1000}, {@code seed=any whole number, default 7},
     *     {@code side={bid|ask}, default bid}
     */
    public String describe() {
        String accepted = switch (type) {
            case LONG ->
                min == Long.MIN_VALUE && max == Long.MAX_VALUE
                        ? "any whole number"
                        : "[" + (min == Long.MIN_VALUE ? "" : min) + ".." + (max == Long.MAX_VALUE ? "" : max) + "]";
            case TEXT -> values.isEmpty() ? "any text" : "{" + String.join("|", values) + "}";
        };
        return name + "=" + accepted + (defaultValue.isEmpty() ? "" : ", default " + defaultValue);
    }

    private static String problemWith(Parameter.Type type, long min, long max, List<String> values, String value) {
        if (type == Parameter.Type.TEXT) {
            return values.isEmpty() || values.contains(value) ? null : "is not one of " + String.join(", ", values);
        }
        long number;
        String digits = value.trim().replace("_", "");
        try {
            number = Long.parseLong(digits);
        } catch (NumberFormatException e) {
            // a whole number beyond 64 bits is one, out of range
            return digits.matches("[+-]?[0-9]+") ? "is out of range" : "is not a whole number";
        }
        return number < min || number > max ? "is out of range" : null;
    }
}
