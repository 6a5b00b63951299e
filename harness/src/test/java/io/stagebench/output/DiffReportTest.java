package io.stagebench.output;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.diff.RunDiff;
import io.stagebench.diff.Statistic;
import io.stagebench.diff.SummaryFixture;
import io.stagebench.diff.VerdictRule;
import io.stagebench.store.ResultReader;
import io.stagebench.store.StoredRun;
import java.nio.file.Path;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DiffReportTest {

    @TempDir
    Path dir;

    private static Map<String, double[]> stages(String first, double firstNs, String second, double secondNs) {
        return stages(first, firstNs, second, secondNs, 0.6);
    }

    /** @param jitterNs the forks' spread: samples are held as floats, whose step at 4 ms is 0.5 ns */
    private static Map<String, double[]> stages(
            String first, double firstNs, String second, double secondNs, double jitterNs) {
        Map<String, double[]> stages = new LinkedHashMap<>();
        stages.put(first, SummaryFixture.forks(firstNs, jitterNs));
        stages.put(second, SummaryFixture.forks(secondNs, jitterNs));
        return stages;
    }

    private StoredRun run(String name, SummaryFixture fixture) {
        return ResultReader.readSummary(fixture.writeTo(dir.resolve(name)));
    }

    @Test
    void shouldPrintEachBenchmarksRowsInColumnsWithTheReasonsNumberedUnderneath() {
        StoredRun a = run(
                "a",
                SummaryFixture.run()
                        .benchmark("pipeline", stages("parse", 40, "decide", 100))
                        .benchmark("router", stages("route-and-forward", 2_000, "ack", 4_500_000, 2.0)));
        StoredRun b = run(
                "b",
                SummaryFixture.run()
                        .benchmark("pipeline", stages("parse", 40.1, "decide", 110))
                        .benchmark("router", stages("route-and-forward", 2_000, "ack", 4_000_000, 2.0)));

        String text = new DiffReport(
                        RunDiff.compare(a, b, VerdictRule.defaults(), List.of(Statistic.P50, Statistic.MAX), List.of()))
                .toText()
                .replace(dir.toString(), "DIR");

        assertEquals("""
                A (old)  0123456789ab (main)  DIR/a
                B (new)  0123456789ab (main)  DIR/b
                rule     faster/slower only when: the two-sided p (test 'pairs': Wilcoxon signed-rank over the pair differences, where
                    A's and B's forks ran as pairs that share at least half of the fork-to-fork variance; 'forks': Mann-Whitney U over
                    the per-fork values), Holm-adjusted over all 8 rows of this diff (the p50 rows hold 50% of alpha between them, the
                    other rows the rest), is < 0.05; the Hodges-Lehmann shift B - A exceeds its own spread (the width of its 50%
                    interval: how much the shift varies between repeats of this comparison); and |shift| >= 2% of A. 'detect': the
                    smallest change this row would have called, at the strictest level it faces (Holm's first step).

                pipeline  (9 v 9 forks: smallest possible p <0.0001)
                  series   stat   unit       A       B   change  shift (95% CI)         spread test   Holm p  detect  verdict
                  parse    p50    ns      40.0    40.1    +0.2%  +0.2% [-0.9, +1.4]        0.3 forks   1.000    2.0%  no change [1]
                  parse    max    ns     203.0   203.5    +0.2%  +0.3% [-0.9, +1.4]        1.5 forks   1.000    2.0%  no change [1]
                  decide   p50    ns     100.0   110.0   +10.0%  +10.0% [+9.6, +10.4]      0.3 forks  0.0003    2.0%  slower [2]
                  decide   max    ns     503.0   553.0    +9.9%  +10.0% [+9.6, +10.5]      1.5 forks  0.0003    2.0%  slower [3]
                  [1] Holm p 1.000 >= 0.05
                  [2] Holm p 0.0003, shift 10.00 ns > its spread 0.30 ns
                  [3] Holm p 0.0003, shift 50.00 ns > its spread 1.50 ns

                router  (9 v 9 forks: smallest possible p <0.0001)
                  series            stat   unit       A       B   change  shift (95% CI)         spread test   Holm p  detect  verdict
                  route-and-forward p50    us      2.00    2.00    +0.0%  +0.0% [-1.5, 1.5 ns]     0.00 forks  ~1.000    2.0%  no change
                    [1]
                  route-and-forward max    us     10.01   10.01    +0.0%  +0.0% [-7.5, 7.5 ns]     0.01 forks  ~1.000    2.0%  no change
                    [1]
                  ack               p50    ms      4.50    4.00   -11.1%  -11.1% [-11.1, -11.1]    0.00 forks  0.0003    2.0%  faster
                    [2]
                  ack               max    ms     22.50   20.00   -11.1%  -11.1% [-11.1, -11.1]    0.00 forks  0.0003    2.0%  faster
                    [3]
                  [1] Holm p 1.000 >= 0.05
                  [2] Holm p 0.0003, shift 500000.00 ns > its spread 1.00 ns
                  [3] Holm p 0.0003, shift 2500000.00 ns > its spread 4.00 ns

                verdicts: 2 slower (pipeline/decide p50, pipeline/decide max), 2 faster (router/ack p50, router/ack max), 4 no change, 0
                    unreliable
                """, text);
    }
}
