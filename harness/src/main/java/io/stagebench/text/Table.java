package io.stagebench.text;

import java.io.IOException;
import java.io.UncheckedIOException;
import java.util.ArrayList;
import java.util.List;
import java.util.Objects;

/**
 * A console table: declared columns, rows of ready-formatted strings, one line a row (the header line first when there
 * is one), each line ended by the platform's line separator. Every report that prints columns renders them here, so
 * they align, pad and overflow alike.
 *
 * <p>A column is as wide as its {@link Width}: fixed, or fitted to the widest of its header and cells, never below a
 * minimum. A cell wider than a fixed width is printed whole and pushes the rest of its row right: a figure is never
 * cut. A left-aligned last column is not padded, so a line ends with its last cell. A row of fewer cells than columns
 * ends with its last cell, unpadded, spanning the columns after it and widening none: a note beside a name ("no fork
 * succeeded"), or a continuation under the row above ("fix: ...").
 *
 * <p>Nothing is trimmed: a cell's own spaces, and the padding before an empty last cell, are kept.
 */
public final class Table {

    /** Where a cell sits in its column's width. */
    public enum Align {
        LEFT,
        RIGHT
    }

    /**
     * How wide a column is.
     *
     * @param chars the fixed width, or the least width when fitted
     * @param fits whether the column widens to its widest cell (and its header, when shown)
     */
    public record Width(int chars, boolean fits) {

        public Width {
            if (chars < 0) {
                throw new IllegalArgumentException("a width cannot be negative, got " + chars);
            }
        }

        /** @return a width of {@code chars}, which a wider cell overflows in its own row only */
        public static Width fixed(int chars) {
            return new Width(chars, false);
        }

        /** @return the width of the widest cell or header, at least {@code minChars} */
        public static Width fit(int minChars) {
            return new Width(minChars, true);
        }

        /** @return the width of the widest cell or header */
        public static Width fit() {
            return fit(0);
        }
    }

    /**
     * One column.
     *
     * @param header the text of the header line, aligned as the cells are
     * @param align where cells sit in the width
     * @param width fixed or fitted
     * @param gap spaces between this column and the one before it; none before the first
     */
    public record Column(String header, Align align, Width width, int gap) {

        public Column {
            Objects.requireNonNull(header, "header");
            Objects.requireNonNull(align, "align");
            Objects.requireNonNull(width, "width");
            if (gap < 0) {
                throw new IllegalArgumentException("a gap cannot be negative, got " + gap);
            }
        }

        /** @return a left-aligned column fitted to its cells: the usual last column of free text */
        public static Column left(String header) {
            return left(header, Width.fit());
        }

        /** @return a left-aligned column one space after the one before */
        public static Column left(String header, Width width) {
            return new Column(header, Align.LEFT, width, 1);
        }

        /** @return a right-aligned column one space after the one before: the usual column of figures */
        public static Column right(String header, Width width) {
            return new Column(header, Align.RIGHT, width, 1);
        }

        /** @return this column {@code spaces} after the one before */
        public Column withGap(int spaces) {
            return new Column(header, align, width, spaces);
        }
    }

    private final List<Column> columns;
    private final boolean header;
    private final List<List<String>> rows = new ArrayList<>();
    private int indent;

    private Table(List<Column> columns, boolean header) {
        if (columns.isEmpty()) {
            throw new IllegalArgumentException("a table needs a column");
        }
        this.columns = List.copyOf(columns);
        this.header = header;
    }

    /** @return an empty table whose first line is the columns' headers */
    public static Table withHeader(Column... columns) {
        return new Table(List.of(columns), true);
    }

    /** @return an empty table of rows only; the columns' headers name them but are not printed */
    public static Table withoutHeader(Column... columns) {
        return new Table(List.of(columns), false);
    }

    /** @return this table, every line of it starting with {@code spaces} spaces */
    public Table indent(int spaces) {
        if (spaces < 0) {
            throw new IllegalArgumentException("an indent cannot be negative, got " + spaces);
        }
        indent = spaces;
        return this;
    }

    /** @see #row(List) */
    public Table row(String... cells) {
        return row(List.of(cells));
    }

    /**
     * Adds a row.
     *
     * @param cells one a column, or fewer: the last then spans the columns after it
     * @return this table
     * @throws IllegalArgumentException for no cell, or more cells than columns
     * @throws NullPointerException for a null cell
     */
    public Table row(List<String> cells) {
        if (cells.isEmpty() || cells.size() > columns.size()) {
            throw new IllegalArgumentException("a row takes 1 to " + columns.size() + " cells, got " + cells.size());
        }
        rows.add(List.copyOf(cells));
        return this;
    }

    /** @return the table's lines, without line separators */
    public List<String> lines() {
        int[] widths = widths();
        List<String> lines = new ArrayList<>();
        if (header) {
            lines.add(line(columns.stream().map(Column::header).toList(), widths));
        }
        rows.forEach(row -> lines.add(line(row, widths)));
        return lines;
    }

    /** @return the table's lines, each ended by the platform's line separator; "" for no line */
    public String render() {
        return appendTo(new StringBuilder()).toString();
    }

    /** @return {@code out}, a {@link StringBuilder}, {@link java.io.PrintStream} or writer, after the table's lines */
    public <A extends Appendable> A appendTo(A out) {
        try {
            for (String line : lines()) {
                out.append(line).append(System.lineSeparator());
            }
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
        return out;
    }

    private int[] widths() {
        int[] widths = new int[columns.size()];
        for (int i = 0; i < widths.length; i++) {
            Width width = columns.get(i).width();
            widths[i] = width.chars();
            if (width.fits()) {
                if (header) {
                    widths[i] = Math.max(widths[i], columns.get(i).header().length());
                }
                for (List<String> row : rows) {
                    if (i < row.size() && !spans(row, i)) {
                        widths[i] = Math.max(widths[i], row.get(i).length());
                    }
                }
            }
        }
        return widths;
    }

    /** @return whether cell {@code i} of {@code row} is the last of a short row, spanning the columns after it */
    private boolean spans(List<String> row, int i) {
        return i == row.size() - 1 && row.size() < columns.size();
    }

    private String line(List<String> cells, int[] widths) {
        StringBuilder line = new StringBuilder(" ".repeat(indent));
        for (int i = 0; i < cells.size(); i++) {
            Column column = columns.get(i);
            if (i > 0) {
                line.append(" ".repeat(column.gap()));
            }
            String cell = cells.get(i);
            String pad = " ".repeat(Math.max(0, widths[i] - cell.length()));
            if (column.align() == Align.RIGHT && !spans(cells, i)) {
                line.append(pad).append(cell);
            } else {
                line.append(cell).append(i == cells.size() - 1 ? "" : pad);
            }
        }
        return line.toString();
    }
}
