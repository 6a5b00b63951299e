package io.stagebench.output;

import io.stagebench.system.ReadinessCheck.Item;
import io.stagebench.system.ReadinessCheck.Status;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;
import java.util.List;

/** The console text of {@code stagebench check}: one line per readiness item, its fix under it, and a count. */
public final class ReadinessText {

    private ReadinessText() {}

    /**
     * @param cpu the measuring CPU the check looked at
     * @param items the check's items
     * @return the items as text: one line per item, a fix line under each WARN, and a count
     */
    public static String render(int cpu, List<Item> items) {
        StringBuilder out = new StringBuilder();
        out.append("measuring CPU ").append(cpu).append(System.lineSeparator());
        Table table = Table.withoutHeader(
                Column.left("status", Width.fixed(5)), Column.left("name", Width.fixed(12)), Column.left("detail"));
        for (Item item : items) {
            table.row(item.status().name(), item.name(), item.detail());
            if (!item.fix().isEmpty()) {
                table.row("", "", "fix: " + item.fix());
            }
        }
        table.appendTo(out);
        long warnings = items.stream().filter(i -> i.status() == Status.WARN).count();
        out.append(
                        warnings == 0
                                ? "ready: every check OK"
                                : warnings + " warning(s): figures measured now may not repeat")
                .append(System.lineSeparator());
        return out.toString();
    }
}
