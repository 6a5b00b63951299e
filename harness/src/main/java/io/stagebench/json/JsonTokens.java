package io.stagebench.json;

import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * A JSON text read token by token, as {@link RecordJson} reads a fork's spec: objects, arrays, field names, strings
 * (with every escape), numbers, {@code true}, {@code false} and {@code null}, in the order Jackson's streaming parser
 * gives them, with its token names and a {@code line: L, column: C} in every error.
 *
 * <p>Why not Jackson's parser, which the launcher keeps: its base class's static initializer builds {@code BigDecimal}
 * constants, and on JDK 25 {@code BigDecimal}'s own class initialization computes big powers of ten - 25 ms in a plain
 * JVM, 83 ms compiling in the foreground ({@code -Xbatch}), 65 ms of every fork's start before its ruler (AMD EPYC
 * family 26, 2096 MHz; the JVM's class-initialization log). A fork reads one small spec in its life; this reads it
 * with nothing but {@code String} and the JDK's number parsers.
 */
final class JsonTokens {

    /** What {@link #next()} read; the names are Jackson's, which errors show. */
    enum Token {
        START_OBJECT, END_OBJECT, START_ARRAY, END_ARRAY, FIELD_NAME, VALUE_STRING, VALUE_NUMBER, VALUE_TRUE,
        VALUE_FALSE, VALUE_NULL;

        /** @return whether the token is a value with no children: a string, a number, true, false or null */
        boolean isScalarValue() {
            return ordinal() >= VALUE_STRING.ordinal();
        }
    }

    private static final int MAX_DEPTH = 256;

    private final String source;
    private final String text;
    private int at;
    private Token current;
    /** The current string's, name's or number's text; the literal's for true, false and null. */
    private String value;
    /** The last field name read in each open object. */
    private final String[] names = new String[MAX_DEPTH];
    /** Per open container: whether it is an object. */
    private final boolean[] objects = new boolean[MAX_DEPTH];
    /** Per open container: whether a member (or element) has been read, so a comma must come before the next. */
    private final boolean[] filled = new boolean[MAX_DEPTH];
    /** Per open object: whether its next token is a field name (else the name's value). */
    private final boolean[] expectName = new boolean[MAX_DEPTH];
    private int depth;

    private JsonTokens(String source, String text) {
        this.source = source;
        this.text = text;
    }

    /** @return the tokens of {@code file} (UTF-8) */
    static JsonTokens of(Path file) throws IOException {
        return new JsonTokens(file.toString(), Files.readString(file));
    }

    /** @return the tokens of {@code text}, {@code source} naming it in errors */
    static JsonTokens of(String source, String text) {
        return new JsonTokens(source, text);
    }

    /** @return the token last read, null before the first and at the end */
    Token current() {
        return current;
    }

    /** @return the next token, null at the end of the text */
    Token next() throws IOException {
        current = read();
        return current;
    }

    /** @return the text of the current string or number, the current field's name, or the literal */
    String text() {
        return value;
    }

    /** @return the name of the field the current token is, or is the value of */
    String currentName() {
        // an object or array just opened is the value of its parent's field
        int level = current == Token.START_OBJECT || current == Token.START_ARRAY ? depth - 2 : depth - 1;
        return level >= 0 && objects[level] ? names[level] : null;
    }

    int intValue() throws IOException {
        try {
            return Integer.parseInt(number());
        } catch (NumberFormatException e) {
            throw error("'" + value + "' is not an int");
        }
    }

    long longValue() throws IOException {
        try {
            return Long.parseLong(number());
        } catch (NumberFormatException e) {
            throw error("'" + value + "' is not a long");
        }
    }

    double doubleValue() throws IOException {
        return Double.parseDouble(number());
    }

    boolean booleanValue() throws IOException {
        if (current == Token.VALUE_TRUE || current == Token.VALUE_FALSE) {
            return current == Token.VALUE_TRUE;
        }
        throw error("expected true or false, found " + current);
    }

    /** Passes over the current object's or array's contents, to its end token; nothing for any other token. */
    void skipChildren() throws IOException {
        if (current != Token.START_OBJECT && current != Token.START_ARRAY) {
            return;
        }
        int open = 1;
        while (open > 0) {
            Token t = next();
            if (t == null) {
                throw error("unexpected end of input");
            }
            if (t == Token.START_OBJECT || t == Token.START_ARRAY) {
                open++;
            } else if (t == Token.END_OBJECT || t == Token.END_ARRAY) {
                open--;
            }
        }
    }

    /** @return an error naming {@code problem} and where the reading is, as Jackson's parse errors do */
    IOException error(String problem) {
        int line = 1;
        int column = 1;
        for (int i = 0; i < Math.min(at, text.length()); i++) {
            if (text.charAt(i) == '\n') {
                line++;
                column = 1;
            } else {
                column++;
            }
        }
        return new IOException(problem + "\n at [Source: " + source + "; line: " + line + ", column: " + column + "]");
    }

    private String number() throws IOException {
        if (current != Token.VALUE_NUMBER) {
            throw error("expected a number, found " + current);
        }
        return value;
    }

    private Token read() throws IOException {
        skipSpace();
        if (depth > 0) {
            int level = depth - 1;
            char c = peek();
            if (objects[level] && expectName[level] || !objects[level]) {
                char end = objects[level] ? '}' : ']';
                if (c == end) {
                    at++;
                    depth--;
                    filledParent();
                    return objects[level] ? Token.END_OBJECT : Token.END_ARRAY;
                }
                if (filled[level]) {
                    expect(',');
                    skipSpace();
                }
                if (objects[level]) {
                    expect('"');
                    names[level] = string();
                    skipSpace();
                    expect(':');
                    expectName[level] = false;
                    value = names[level];
                    return Token.FIELD_NAME;
                }
            }
        } else if (at >= text.length()) {
            return null;
        }
        return valueToken();
    }

    /** Reads a value's first token; a scalar completes its container's member. */
    private Token valueToken() throws IOException {
        char c = peek();
        switch (c) {
            case '{', '[' -> {
                if (depth == MAX_DEPTH) {
                    throw error("nested deeper than " + MAX_DEPTH);
                }
                at++;
                objects[depth] = c == '{';
                names[depth] = null;
                filled[depth] = false;
                expectName[depth] = true;
                depth++;
                return c == '{' ? Token.START_OBJECT : Token.START_ARRAY;
            }
            case '"' -> {
                at++;
                value = string();
                filledParent();
                return Token.VALUE_STRING;
            }
            case 't' -> {
                return literal("true", Token.VALUE_TRUE);
            }
            case 'f' -> {
                return literal("false", Token.VALUE_FALSE);
            }
            case 'n' -> {
                return literal("null", Token.VALUE_NULL);
            }
            default -> {
                if (c == '-' || c >= '0' && c <= '9') {
                    value = numberText();
                    filledParent();
                    return Token.VALUE_NUMBER;
                }
                throw error("unexpected character '" + c + "'");
            }
        }
    }

    /** A value of the open container ended: the next member needs a comma, and an object's next token is a name. */
    private void filledParent() {
        if (depth > 0) {
            filled[depth - 1] = true;
            expectName[depth - 1] = true;
        }
    }

    private Token literal(String word, Token token) throws IOException {
        if (!text.startsWith(word, at)) {
            throw error("unexpected token, expected '" + word + "'");
        }
        at += word.length();
        value = word;
        filledParent();
        return token;
    }

    private String numberText() throws IOException {
        int start = at;
        if (peek() == '-') {
            at++;
        }
        digits();
        if (at < text.length() && text.charAt(at) == '.') {
            at++;
            digits();
        }
        if (at < text.length() && (text.charAt(at) == 'e' || text.charAt(at) == 'E')) {
            at++;
            if (at < text.length() && (text.charAt(at) == '+' || text.charAt(at) == '-')) {
                at++;
            }
            digits();
        }
        return text.substring(start, at);
    }

    private void digits() throws IOException {
        int start = at;
        while (at < text.length() && text.charAt(at) >= '0' && text.charAt(at) <= '9') {
            at++;
        }
        if (at == start) {
            throw error(at >= text.length() ? "unexpected end of input in a number" : "expected a digit");
        }
    }

    /** @return the string whose opening quote was just read, its escapes resolved; reads past its closing quote */
    private String string() throws IOException {
        StringBuilder out = null;
        int run = at;
        while (true) {
            if (at >= text.length()) {
                throw error("unexpected end of input in a string");
            }
            char c = text.charAt(at);
            if (c == '"') {
                String s = out == null ? text.substring(run, at) : out.append(text, run, at).toString();
                at++;
                return s;
            }
            if (c < 0x20) {
                throw error("unescaped control character in a string");
            }
            if (c != '\\') {
                at++;
                continue;
            }
            if (out == null) {
                out = new StringBuilder();
            }
            out.append(text, run, at);
            at++;
            if (at >= text.length()) {
                throw error("unexpected end of input in a string");
            }
            char e = text.charAt(at++);
            switch (e) {
                case '"', '\\', '/' -> out.append(e);
                case 'b' -> out.append('\b');
                case 'f' -> out.append('\f');
                case 'n' -> out.append('\n');
                case 'r' -> out.append('\r');
                case 't' -> out.append('\t');
                case 'u' -> {
                    if (at + 4 > text.length()) {
                        throw error("unexpected end of input in a \\u escape");
                    }
                    try {
                        out.append((char) Integer.parseInt(text, at, at + 4, 16));
                    } catch (NumberFormatException x) {
                        throw error("bad \\u escape");
                    }
                    at += 4;
                }
                default -> throw error("unknown escape '\\" + e + "'");
            }
            run = at;
        }
    }

    private void expect(char c) throws IOException {
        if (at >= text.length()) {
            throw error("unexpected end of input, expected '" + c + "'");
        }
        if (text.charAt(at) != c) {
            throw error("expected '" + c + "', found '" + text.charAt(at) + "'");
        }
        at++;
    }

    private char peek() throws IOException {
        if (at >= text.length()) {
            throw error("unexpected end of input");
        }
        return text.charAt(at);
    }

    private void skipSpace() {
        while (at < text.length()) {
            char c = text.charAt(at);
            if (c != ' ' && c != '\n' && c != '\r' && c != '\t') {
                return;
            }
            at++;
        }
    }
}
