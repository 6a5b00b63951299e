package io.stagebench.cli;

import io.stagebench.output.HtmlReport;
import io.stagebench.store.RunResolver;
import io.stagebench.store.RunStore;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.List;
import java.util.concurrent.Callable;
import picocli.CommandLine;
import picocli.CommandLine.Command;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench report}: writes a stored run's self-contained HTML report - percentile charts per fork, exact
 * percentile tables, every warning, the environment and the history of p50/p99 across the runs stored beside it - and
 * prints its path. A missing, truncated or corrupt summary or histogram log is named with what is wrong (exit 2).
 */
@Command(
        name = "report",
        mixinStandardHelpOptions = true,
        description = {
            "Write the HTML report of a stored run (default: the latest) and print its path.",
            "RUN is a run folder, a commit folder, a commit-ish (HEAD~1, main, a hash) or a stored commit's prefix."
        })
public final class ReportCommand implements Callable<Integer> {

    @Parameters(
            paramLabel = "RUN",
            arity = "0..1",
            description = "Run folder, commit folder, commit-ish, or stored commit prefix.")
    String run;

    @Option(names = "--results", paramLabel = "DIR", description = "Results folder (default: the project's results/).")
    Path results;

    @Option(
            names = {"-o", "--output"},
            paramLabel = "FILE",
            description = "Where to write the HTML (default: RUN/report.html).")
    Path output;

    @CommandLine.Spec
    CommandLine.Model.CommandSpec spec;

    @Override
    public Integer call() throws IOException {
        Path root = RunStore.rootToRead(results);
        Path runDir = new RunResolver(root, RunResolver.git(RunStore.projectHome()))
                .resolve(
                        run,
                        List.of(
                                Path.of("").toAbsolutePath(),
                                RunStore.projectHome().toAbsolutePath()));
        Path historyRoot = results != null ? results : RunStore.historyRootOf(runDir, root);
        Path written = HtmlReport.write(runDir, historyRoot, output != null ? output : runDir.resolve(RunStore.REPORT));
        PrintWriter out = spec.commandLine().getOut();
        out.println("report: " + written);
        out.flush();
        return 0;
    }
}
