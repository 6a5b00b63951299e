package io.stagebench.output;

import io.stagebench.stats.CoordinatedOmission;
import io.stagebench.stats.CoordinatedOmission.Comparison;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Width;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;

/** The console text of a coordinated-omission comparison: the three views side by side, with a legend. */
public final class CoordinatedOmissionText {

    private CoordinatedOmissionText() {}

    /** @return {@code comparison}'s side-by-side table in microseconds, with a legend */
    public static String render(Comparison comparison) {
        String nl = System.lineSeparator();
        StringBuilder out = new StringBuilder();
        Table table = Table.withHeader(
                        Table.Column.left("us", Width.fixed(8)),
                        Table.Column.right("paced response", Width.fixed(22)),
                        Table.Column.right("naive closed loop", Width.fixed(22)),
                        Table.Column.right("HdrHistogram corrected", Width.fixed(22)))
                .indent(2);
        for (String label : List.of("p50", "p90", "p99", "p99.9", "max")) {
            List<String> row = new ArrayList<>(List.of(label));
            for (CoordinatedOmission.Column column : comparison.columns()) {
                String value = String.format(Locale.ROOT, "%,.1f", column.valueOf(label) / 1_000.0);
                row.add(column.unreliable().contains(label) ? value + "*" : value);
            }
            table.row(row);
        }
        List<String> counts = new ArrayList<>(List.of("count"));
        comparison.columns().forEach(column -> counts.add(String.format(Locale.ROOT, "%,d", column.count())));
        table.row(counts).appendTo(out);
        out.append("  paced response:    completion - intended send time (stagebench paced mode: queueing + service)")
                .append(nl);
        out.append("  naive closed loop: completion - actual start (service time; what a closed-loop harness records)")
                .append(nl);
        out.append(String.format(
                Locale.ROOT,
                "  HdrHistogram corrected: naive samples recorded with recordValueWithExpectedInterval(value, %,d ns);"
                        + " %d significant digits, max exact%n",
                comparison.expectedIntervalNs(),
                CoordinatedOmission.SIGNIFICANT_DIGITS));
        if (comparison.columns().stream().anyMatch(c -> !c.unreliable().isEmpty())) {
            out.append("  * fewer than 100 samples beyond this percentile: unreliable")
                    .append(nl);
        }
        return out.toString();
    }
}
