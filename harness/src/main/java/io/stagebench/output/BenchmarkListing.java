package io.stagebench.output;

import io.stagebench.api.ParameterDeclaration;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.text.Table;
import io.stagebench.text.Table.Column;
import io.stagebench.text.Table.Width;

/**
 * {@code run --list}: every benchmark a class path declares, one line each (its name, its stages and its description),
 * then one line for each parameter it takes, as {@code --param} is given.
 */
public final class BenchmarkListing {

    private BenchmarkListing() {}

    /** @return the listing of {@code registry}'s benchmarks, each line ended by the line separator */
    public static String toText(BenchmarkRegistry registry) {
        Table table = Table.withoutHeader(
                Column.left("benchmark", Width.fixed(12)),
                Column.left("stages", Width.fixed(40)),
                Column.left("description"));
        for (BenchmarkDescriptor d : registry.all()) {
            table.row(d.name(), String.join(" | ", d.stages()), d.description());
            for (ParameterDeclaration p : d.parameters()) {
                table.row("", "--param " + p.describe() + (p.description().isEmpty() ? "" : ": " + p.description()));
            }
        }
        return table.appendTo(new StringBuilder()).toString();
    }
}
