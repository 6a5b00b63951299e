package io.stagebench.cli;

import io.stagebench.api.SeriesNames;
import io.stagebench.config.RunConfig;
import io.stagebench.io.AtomicFiles;
import io.stagebench.json.Json;
import io.stagebench.output.CoordinatedOmissionPage;
import io.stagebench.output.CoordinatedOmissionText;
import io.stagebench.output.RunReport;
import io.stagebench.registry.BenchmarkRegistry;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.session.MeasurementSession;
import io.stagebench.stats.CoordinatedOmission;
import io.stagebench.store.RunStore;
import io.stagebench.warning.Warning;
import java.io.IOException;
import java.io.PrintWriter;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.function.UnaryOperator;

/**
 * {@code demo co}'s run: measures its plan in one paced fork, prints the run's report and the three views of the same
 * samples ({@link CoordinatedOmission}), and stores the run with the comparison's file and curves beside it.
 */
final class CoordinatedOmissionRun {

    private CoordinatedOmissionRun() {}

    /**
     * @param settings the session's options, applied before the plan's
     * @return the command's exit code: 0 demonstrated, 1 when the fork failed or the report could not be written
     */
    static int measure(
            CoordinatedOmissionPlan plan,
            MeasurementSession session,
            UnaryOperator<RunConfig.Builder> settings,
            PrintWriter out)
            throws IOException {
        MeasurementSession.Measurement run = session.begin(
                RunStore.projectHome(),
                List.of(CoordinatedOmissionPlan.BENCHMARK),
                builder -> plan.configure(settings.apply(builder)));
        List<BenchmarkOutcome> outcomes =
                session.run(run, BenchmarkRegistry.load(), session.launchers().own());
        RunReport report = run.report(outcomes);
        out.print(report.toText());
        List<String> warnings = new ArrayList<>(report.warnings());
        BenchmarkOutcome outcome = outcomes.get(0);
        if (outcome.forks().isEmpty()) {
            MeasurementSession.Stored stored = session.store(run, outcomes, warnings);
            out.println();
            out.println("results: " + run.dir());
            stored.printReport(out);
            out.flush();
            return 1;
        }

        double[] responseNs = outcome.merged().get(SeriesNames.RESPONSE).sortedValues();
        double[] serviceNs =
                outcome.merged().get(CoordinatedOmissionPlan.BENCHMARK).sortedValues();
        CoordinatedOmission.Comparison comparison =
                CoordinatedOmission.compare(responseNs, serviceNs, plan.intervalNs());
        List<String> shape = plan.shapeWarnings(comparison);
        warnings.addAll(shape);
        out.println();
        out.println("coordinated omission: " + plan.scenario());
        out.print(CoordinatedOmissionText.render(comparison));
        out.printf(
                Locale.ROOT,
                "  the closed loop's p99 is %,.1f us; measured from the intended send time, 1%% of the"
                        + " messages waited %,.1f us or more%n",
                comparison.naive().p99Ns() / 1_000,
                comparison.paced().p99Ns() / 1_000);
        shape.forEach(w -> out.println(Warning.line(w)));

        AtomicFiles.writeString(
                run.dir().resolve(CoordinatedOmissionDemo.FILE), Json.write(plan.document(comparison, warnings)));
        MeasurementSession.Stored stored = session.store(run, outcomes, warnings);
        Path page = CoordinatedOmissionPage.write(
                comparison, responseNs, serviceNs, plan.scenario(), run.dir().resolve(CoordinatedOmissionPage.FILE));
        out.println();
        out.println("results: " + run.dir() + " (three columns in " + CoordinatedOmissionDemo.FILE + ")");
        out.println("curves:  " + page);
        stored.printReport(out);
        out.flush();
        return stored.report() != null ? 0 : 1;
    }
}
