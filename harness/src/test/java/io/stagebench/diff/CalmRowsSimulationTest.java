package io.stagebench.diff;

import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.link.CoreWindows;
import io.stagebench.result.ForkWindows;
import io.stagebench.store.StoredRun;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Random;
import org.junit.jupiter.api.Test;

/**
 * The centre row judged on calm windows ({@link CalmRows}) against the same row over every sample, under a mixture of
 * calm and shared spells shaped as this machine's were measured: passes of two replicas of 50 windows, each pass in a
 * spell of another guest on the core with a chance of 0.35, from a random window for a random span (a quarter of them
 * past the pass's end), slowing the probe 5-30 % and the stage 1.5 times as much; half the forks meeting a light,
 * steady guest through all their windows, which slows the probe up to 8 % and the stage 1.5 times as much (what
 * {@link io.stagebench.result.LevelAdjustment} takes out); each fork's JVM setting the probe's calm level anywhere
 * within 3 % without moving the stage; forks' own levels 1.2 % apart. A pair's two forks run one after the other, so
 * half the spells that meet one meet its partner too.
 */
class CalmRowsSimulationTest {

    private static final int PASSES = 2;
    private static final int WINDOWS = 50;
    private static final double CENTRE_NS = 44;
    private static final double CALM_LOOP_NS = 2.2;

    /** One fork's windows: the probe's and the stage's. */
    private record DrawnFork(double[] loopNs, double[] centresNs) {

        double rawNs() {
            double sum = 0;
            for (double c : centresNs) {
                sum += c;
            }
            return sum / centresNs.length;
        }

        StoredRun.Fork stored(int fork) {
            List<Double> loop = new ArrayList<>();
            for (double l : loopNs) {
                loop.add(l);
            }
            return new StoredRun.Fork(
                    fork,
                    List.of(),
                    "forks/x/fork-" + fork + ".json",
                    fork,
                    CALM_LOOP_NS,
                    StoredRun.ForkHistograms.NONE,
                    new ForkWindows(new CoreWindows(4_000, WINDOWS, loop), Map.of("encode", centresNs)));
        }
    }

    /** A spell: the pass and window it starts at, its span in windows and how much it slows the probe. */
    private record Spell(int pass, int from, int span, double loopSlowdown) {

        static Spell draw(Random random, int pass) {
            if (random.nextDouble() >= 0.35) {
                return null;
            }
            int span = random.nextDouble() < 0.25 ? WINDOWS : 1 + random.nextInt(WINDOWS);
            return new Spell(pass, random.nextInt(WINDOWS), span, 0.05 + 0.25 * random.nextDouble());
        }

        boolean covers(int pass, int window) {
            return pass == this.pass && window >= from && window < from + span;
        }
    }

    private static DrawnFork draw(Random random, double level, List<Spell> spells) {
        double jvm = 1 + 0.03 * random.nextDouble();
        double steady = random.nextBoolean() ? 0 : 0.08 * random.nextDouble();
        double[] loop = new double[PASSES * WINDOWS];
        double[] centres = new double[loop.length];
        for (int p = 0; p < PASSES; p++) {
            for (int w = 0; w < WINDOWS; w++) {
                double slowdown = 0;
                for (Spell s : spells) {
                    if (s != null && s.covers(p, w)) {
                        slowdown = Math.max(slowdown, s.loopSlowdown());
                    }
                }
                int i = p * WINDOWS + w;
                loop[i] = CALM_LOOP_NS * jvm * (1 + steady) * (1 + slowdown) * (1 + 0.003 * random.nextGaussian());
                centres[i] = CENTRE_NS
                        * level
                        * (1 + 1.5 * steady)
                        * (1 + 1.5 * slowdown)
                        * (1 + 0.005 * random.nextGaussian());
            }
        }
        return new DrawnFork(loop, centres);
    }

    /** @return each pair's A and B forks, B's stage moved by {@code shift} */
    private static List<DrawnFork[]> pairs(Random random, int pairs, double shift) {
        List<DrawnFork[]> out = new ArrayList<>();
        for (int i = 0; i < pairs; i++) {
            List<Spell> spellsA = new ArrayList<>();
            List<Spell> spellsB = new ArrayList<>();
            for (int p = 0; p < PASSES; p++) {
                Spell s = Spell.draw(random, p);
                spellsA.add(s);
                // half of them meet the partner's pass too: the two take turns within a spell's span
                spellsB.add(random.nextBoolean() ? s : Spell.draw(random, p));
            }
            double levelA = 1 + 0.012 * random.nextGaussian();
            double levelB = 1 + 0.012 * random.nextGaussian();
            out.add(new DrawnFork[] {draw(random, levelA, spellsA), draw(random, levelB * (1 + shift), spellsB)});
        }
        return out;
    }

    /** @return the row's verdict: judged on calm windows when {@code calm}, else over every sample */
    private static Verdict verdict(List<DrawnFork[]> pairs, boolean calm) {
        double[] a = new double[pairs.size()];
        double[] b = new double[pairs.size()];
        List<StoredRun.Fork> forksA = new ArrayList<>();
        List<StoredRun.Fork> forksB = new ArrayList<>();
        double reference = Double.POSITIVE_INFINITY;
        for (int i = 0; i < pairs.size(); i++) {
            a[i] = pairs.get(i)[0].rawNs();
            b[i] = pairs.get(i)[1].rawNs();
            forksA.add(pairs.get(i)[0].stored(i + 1));
            forksB.add(pairs.get(i)[1].stored(i + 1));
            for (DrawnFork f : pairs.get(i)) {
                for (double l : f.loopNs()) {
                    reference = Math.min(reference, l);
                }
            }
        }
        VerdictRule.Row raw = new VerdictRule.Row(Statistic.TMEAN, side(a), side(b), true);
        VerdictRule.Row row = calm
                ? CalmRows.judge(raw, "encode", forksA, forksB, reference).row().orElse(raw)
                : raw;
        return VerdictRule.defaults().judgeAll(List.of(row)).get(0).verdict();
    }

    private static Side side(double[] values) {
        double sum = 0;
        for (double v : values) {
            sum += v;
        }
        return new Side(sum / values.length, values, null);
    }

    @Test
    void shouldCallNoMoreThanAlphaOfAaComparisonsJudgedOnCalmWindows() {
        Random random = new Random(20261206);
        int trials = 400;
        int calmAlarms = 0;
        int rawAlarms = 0;
        for (int t = 0; t < trials; t++) {
            List<DrawnFork[]> pairs = pairs(random, 13, 0);
            calmAlarms += verdict(pairs, true) != Verdict.NO_CHANGE ? 1 : 0;
            rawAlarms += verdict(pairs, false) != Verdict.NO_CHANGE ? 1 : 0;
        }
        System.out.printf(
                "A/A, 13 pairs, spells in 35%% of passes: calm windows called %d of %d, every sample %d%n",
                calmAlarms, trials, rawAlarms);
        assertTrue(calmAlarms <= trials * 0.05, calmAlarms + " of " + trials + " A/A comparisons called a change");
    }

    @Test
    void shouldCatchAThreePercentChangeMoreOftenOnCalmWindowsThanOverEverySample() {
        Random random = new Random(5);
        int trials = 200;
        int calmCaught = 0;
        int rawCaught = 0;
        for (int t = 0; t < trials; t++) {
            List<DrawnFork[]> pairs = pairs(random, 13, 0.03);
            calmCaught += verdict(pairs, true) == Verdict.SLOWER ? 1 : 0;
            rawCaught += verdict(pairs, false) == Verdict.SLOWER ? 1 : 0;
        }
        System.out.printf(
                "3%% shift, 13 pairs, spells in 35%% of passes: calm windows caught %d of %d, every sample %d%n",
                calmCaught, trials, rawCaught);
        assertTrue(calmCaught >= trials * 0.8, "a 3% change called slower in " + calmCaught + " of " + trials);
        assertTrue(calmCaught > rawCaught + trials / 10, calmCaught + " on calm windows v " + rawCaught + " raw");
    }
}
