package io.stagebench.text;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.io.ByteArrayOutputStream;
import java.io.PrintStream;
import java.nio.charset.StandardCharsets;
import java.util.List;
import org.junit.jupiter.api.Test;

class TableTest {

    private static final String NL = System.lineSeparator();

    @Test
    void shouldPadLeftColumnsAfterTheirCellsAndRightColumnsBeforeThem() {
        Table table = Table.withHeader(
                Column.left("name", Width.fixed(6)),
                Column.right("ns", Width.fixed(6)),
                Column.right("count", Width.fixed(7)));

        table.row("parse", "48.2", "1,000");

        assertEquals(List.of("name       ns   count", "parse    48.2   1,000"), table.lines());
    }

    @Test
    void shouldFitAColumnToItsWidestCellOrHeaderButNoNarrowerThanItsMinimum() {
        Table table = Table.withHeader(
                Column.left("stage", Width.fit()), Column.left("unit", Width.fit(6)), Column.right("p50", Width.fit()));

        table.row("decide", "ns", "100.0").row("ab", "us", "2.00");

        assertEquals(List.of("stage  unit     p50", "decide ns     100.0", "ab     us      2.00"), table.lines());
    }

    @Test
    void shouldPrintACellWiderThanItsFixedWidthWholePushingOnlyTheRestOfItsRow() {
        Table table = Table.withHeader(Column.left("binding", Width.fixed(6)), Column.right("min", Width.fixed(4)));

        table.row("ffm", "44").row("ffm->nanotime", "20");

        assertEquals(List.of("binding  min", "ffm      44", "ffm->nanotime   20"), table.lines());
    }

    @Test
    void shouldEndALineWithALeftAlignedLastCellButKeepThePaddingBeforeAnEmptyOne() {
        Table table = Table.withoutHeader(Column.left("name", Width.fixed(6)), Column.left("detail", Width.fixed(10)));

        table.row("spin", "busy-wait").row("quote", "");

        assertEquals(List.of("spin   busy-wait", "quote  "), table.lines());
    }

    @Test
    void shouldPadARightAlignedLastCellToItsWidth() {
        Table table = Table.withoutHeader(Column.left("label", Width.fixed(5)), Column.right("us", Width.fixed(8)));

        table.row("max", "1,000.0");

        assertEquals(List.of("max    1,000.0"), table.lines());
    }

    @Test
    void shouldLetTheLastCellOfAShortRowSpanTheColumnsAfterItWithoutWideningThem() {
        Table table = Table.withHeader(
                Column.left("benchmark", Width.fit()),
                Column.left("stage", Width.fit()),
                Column.right("p50 ns", Width.fixed(8)));

        table.row("pipe", "parse", "39.4")
                .row("everything-failed", "no fork succeeded")
                .row("", "fix: raise -n");

        assertEquals(
                List.of(
                        "benchmark         stage   p50 ns",
                        "pipe              parse     39.4",
                        "everything-failed no fork succeeded",
                        "                  fix: raise -n"),
                table.lines());
    }

    @Test
    void shouldPrintTheHeaderAloneForATableWithoutRowsAndNothingWithoutAHeader() {
        Column name = Column.left("name", Width.fixed(8));
        Column count = Column.right("count", Width.fixed(8));

        assertEquals("name        count" + NL, Table.withHeader(name, count).render());
        assertEquals("", Table.withoutHeader(name, count).render());
        assertEquals(List.of(), Table.withoutHeader(name, count).lines());
    }

    @Test
    void shouldNotFitAColumnToTheHeaderOfATableThatPrintsNone() {
        Table table = Table.withoutHeader(Column.left("a long header", Width.fit()), Column.left("text"));

        table.row("ok", "fine");

        assertEquals(List.of("ok fine"), table.lines());
    }

    @Test
    void shouldIndentEveryLineAndSeparateEachColumnByItsOwnGap() {
        Table table = Table.withHeader(
                        Column.left("ns", Width.fixed(6)),
                        Column.right("ratio", Width.fixed(6)),
                        Column.left("check", Width.fixed(5)).withGap(2),
                        Column.left("figure").withGap(2))
                .indent(2);

        table.row("parse", "1.060", "OK", "ParseJmh.parse");

        assertEquals(
                List.of("  ns      ratio  check  figure", "  parse   1.060  OK     ParseJmh.parse"), table.lines());
    }

    @Test
    void shouldEndEveryLineWithTheLineSeparatorWhereverItIsWritten() {
        Table table = Table.withoutHeader(Column.left("a", Width.fixed(2)), Column.left("b"));
        table.row("1", "one").row("2", "two");
        String expected = "1  one" + NL + "2  two" + NL;
        ByteArrayOutputStream bytes = new ByteArrayOutputStream();

        try (PrintStream stream = new PrintStream(bytes, true, StandardCharsets.UTF_8)) {
            table.appendTo(stream);
        }

        assertEquals(expected, table.render());
        assertEquals(
                "before" + NL + expected,
                table.appendTo(new StringBuilder("before" + NL)).toString());
        assertEquals(expected, bytes.toString(StandardCharsets.UTF_8));
    }

    @Test
    void shouldKeepTheSpacesOfACellAsTheyAre() {
        Table table = Table.withoutHeader(Column.right("n", Width.fixed(4)), Column.left("text"));

        table.row(" 1 ", " trailing ");

        assertEquals(List.of("  1   trailing "), table.lines());
    }

    @Test
    void shouldRefuseARowOfNoCellOrOfMoreCellsThanColumns() {
        Table table = Table.withHeader(Column.left("a"), Column.left("b"));

        assertThrows(IllegalArgumentException.class, table::row);
        assertThrows(IllegalArgumentException.class, () -> table.row("1", "2", "3"));
        assertThrows(IllegalArgumentException.class, () -> Table.withHeader());
        assertThrows(IllegalArgumentException.class, () -> Width.fixed(-1));
        assertThrows(IllegalArgumentException.class, () -> table.indent(-2));
    }
}
