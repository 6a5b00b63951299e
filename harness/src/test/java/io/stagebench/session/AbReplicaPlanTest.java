package io.stagebench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertSame;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.config.RunConfig;
import io.stagebench.diff.SequentialPlan;
import io.stagebench.registry.BenchmarkDescriptor;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.ReplicaPlan;
import io.stagebench.store.Pairing;
import io.stagebench.store.ReplicaPilot;
import io.stagebench.store.RunFixture;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.StringWriter;
import java.nio.file.Path;
import java.time.Duration;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.Optional;
import java.util.stream.IntStream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/** ab's replicas a fork, planned per benchmark from this machine's stored runs. */
class AbReplicaPlanTest {

    @TempDir
    Path dir;

    @Test
    void shouldPlanEachBenchmarksReplicasFromThisMachinesStoredFiguresAndSayWhy() throws IOException {
        Path machine = dir.resolve("machine");
        Path pilot = RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        RunConfig config = RunFixture.config(dir.resolve("now")).withReplicas(4);
        MeasurementSession.Measurement now = new MeasurementSession.Measurement(
                config,
                RunFixture.environment(machine, RunFixture.START.plusSeconds(3_600), RunFixture.COMMIT, false),
                List.of(),
                List.of());
        StringWriter err = new StringWriter();

        Map<String, Integer> planned = AbSession.plannedReplicas(
                AbSession.pilots(dir.resolve("results"), now, List.of("pipe", "encode")),
                now,
                List.of("pipe", "encode"),
                name -> 1,
                new PrintWriter(err, true));

        // 3,000 messages a replica: a replica costs 0.2003 s, a fork beyond it 2.3997 s; sqrt(37 x 2.3997 / (4 x
        // 0.2003)) = 10.5
        assertEquals(Map.of("pipe", 11), planned, "encode keeps the configured count");
        String said = err.toString();
        assertTrue(
                said.contains(
                        "[ab] pipe: 11 replicas a fork, the narrowest centre for the time at this machine's figures"
                                + " (Kalibera and Jones's optimum, at least 2, from run " + Pairing.idOf(pilot)
                                + ": book forks 2.0%,"
                                + " setups 6.0%, within 1.0%; a fork 2.6 s, a setup 0.20 s; -r sets them)"),
                said);
        assertTrue(
                said.contains(
                        "[ab] encode: 4 replicas a fork, the default: no stored run of this machine has its spread"
                                + " and costs to plan from (-r sets them)"),
                said);
    }

    @Test
    void shouldPlanNoMoreReplicasThanTheLaunchersHeapCanHoldAndSaySo() throws IOException {
        Path machine = dir.resolve("machine");
        RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        RunConfig config = RunFixture.config(dir.resolve("now")).withReplicas(4);
        MeasurementSession.Measurement now = new MeasurementSession.Measurement(
                config,
                RunFixture.environment(machine, RunFixture.START.plusSeconds(3_600), RunFixture.COMMIT, false),
                List.of(),
                List.of());
        // a replica of both sides: 2 x forks x 3,000 messages x 2 series, twice for their tags, x the bytes a sample
        long perReplica = 2L * config.forks() * config.messages() * 4 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE;
        StringWriter err = new StringWriter();

        Map<String, Integer> planned = AbSession.plannedReplicas(
                AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                now,
                List.of("pipe"),
                name -> 1,
                new PrintWriter(err, true),
                4 * perReplica + perReplica / 2);

        assertEquals(Map.of("pipe", 4), planned, "the optimum is 11 (the test above)");
        assertTrue(
                err.toString().contains("[ab] pipe: 4 replicas a fork, not the 11 of Kalibera and Jones's optimum"),
                err.toString());
        assertTrue(err.toString().contains("would not fit its share of this launcher's"), err.toString());
        // two benchmarks share the heap: half of it each
        assertEquals(
                Map.of("pipe", 2),
                AbSession.plannedReplicas(
                        AbSession.pilots(dir.resolve("results"), now, List.of("pipe", "other")),
                        now,
                        List.of("pipe", "other"),
                        name -> 1,
                        new PrintWriter(new StringWriter()),
                        4 * perReplica + perReplica / 2));
        assertEquals(1, ReplicaPlan.fittingReplicas(1, 23, 200_000, 6), "at least one");
        assertEquals(ReplicaPlan.MAX_REPLICAS, ReplicaPlan.fittingReplicas(Long.MAX_VALUE, 23, 200_000, 6));
    }

    @Test
    void shouldPlanShorterReplicasWhereTheHeapCannotHoldTheOptimumWholeAndSaySo() throws IOException {
        Path machine = dir.resolve("machine");
        RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        RunConfig config = RunFixture.config(dir.resolve("now")).withReplicas(4).withMessages(200_000);
        MeasurementSession.Measurement now = measurementAnHourLater(machine, config);
        // room for 2 replicas of 200,000 messages of both sides' 4 series (2 stages' series, twice for their tags)
        long perReplica = 2L * config.forks() * config.messages() * 4 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE;
        StringWriter err = new StringWriter();
        SequentialPlan oneLook = SequentialPlan.fixed(config.forks());

        AbSession.Planned planned = AbSession.plan(
                oneLook,
                AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                now,
                List.of("pipe"),
                name -> 1,
                new PrintWriter(err, true),
                2 * perReplica,
                true);

        // 200,000 messages a replica: a replica costs 0.22 s, a fork beyond it 2.38 s; sqrt(37 x 2.38 / (4 x 0.22)) =
        // 10.0
        assertEquals(Map.of("pipe", 10), planned.replicas());
        assertEquals(Map.of("pipe", 40_000), planned.messages(), "2 x 200,000 samples over 10 replicas");
        assertTrue(
                err.toString()
                        .contains("[ab] pipe: 10 replicas a fork of 40,000 messages, not 200,000: Kalibera and"
                                + " Jones's optimum"),
                err.toString());
        // without message planning (-n given) the replicas are cut instead, the messages kept
        AbSession.Planned kept = AbSession.plan(
                oneLook,
                AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                now,
                List.of("pipe"),
                name -> 1,
                new PrintWriter(new StringWriter()),
                2 * perReplica,
                false);
        assertEquals(Map.of("pipe", 2), kept.replicas());
        assertEquals(Map.of(), kept.messages());
    }

    @Test
    void shouldPlanAtLeastTwoReplicasSoTheSpreadStaysMeasured() throws IOException {
        Path machine = dir.resolve("machine");
        // the forks' own level is all the spread there is: one replica a fork would do, and measure no setup's share
        RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 8, 0, new RepetitionCosts(2.6, 0.2, 100));
        MeasurementSession.Measurement now = measurementAnHourLater(machine);

        assertEquals(
                Map.of("pipe", 2),
                AbSession.plannedReplicas(
                        AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                        now,
                        List.of("pipe"),
                        name -> 1,
                        new PrintWriter(new StringWriter())));
    }

    @Test
    void shouldCapTheDefaultReplicasOfABenchmarkWithoutStoredFiguresToWhatTheHeapCanHold() throws IOException {
        Path machine = dir.resolve("machine");
        MeasurementSession.Measurement now = measurementAnHourLater(machine);
        RunConfig config = now.config();
        // a replica of both sides of a benchmark declaring 3 series (its tags' among them): 2 x forks x 3,000 messages
        // x 3
        // series x the bytes a sample
        long perReplica = 2L * config.forks() * config.messages() * 3 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE;
        StringWriter err = new StringWriter();

        Map<String, Integer> planned = AbSession.plannedReplicas(
                AbSession.pilots(dir.resolve("results"), now, List.of("pipeline", "spin")),
                now,
                List.of("pipeline", "spin"),
                name -> name.equals("pipeline") ? 3 : 1,
                new PrintWriter(err, true),
                2 * (2 * perReplica + perReplica / 2));

        // half the heap each: 2 replicas of the pipeline fit, not 4; spin's 1 series fits all 4
        assertEquals(Map.of("pipeline", 2), planned);
        assertTrue(err.toString().contains("[ab] pipeline: 2 replica(s) a fork, not the default 4: "), err.toString());
        assertTrue(err.toString().contains("[ab] spin: 4 replicas a fork, the default"), err.toString());
    }

    /** The default 4 replicas of 200,000 messages: a config for a benchmark without stored figures. */
    private RunConfig fourReplicasOf200k() {
        return RunFixture.config(dir.resolve("now")).withReplicas(4).withMessages(200_000);
    }

    /**
     * @param replicasOfHeap the launcher heap, in replicas of 200,000 messages of both sides' 3 declared series
     * @return the plan of a benchmark declaring 3 series, without stored figures, at the default 4 replicas
     */
    private AbSession.Planned plannedWithoutFigures(double replicasOfHeap, boolean planMessages, StringWriter err)
            throws IOException {
        RunConfig config = fourReplicasOf200k();
        MeasurementSession.Measurement now = measurementAnHourLater(dir.resolve("machine"), config);
        long perReplica = 2L * config.forks() * config.messages() * 3 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE;
        return AbSession.plan(
                SequentialPlan.fixed(config.forks()),
                AbSession.pilots(dir.resolve("results"), now, List.of("pipeline")),
                now,
                List.of("pipeline"),
                name -> 3,
                new PrintWriter(err, true),
                (long) (replicasOfHeap * perReplica),
                planMessages);
    }

    @Test
    void shouldSpreadWhatTheHeapHoldsOverTheDefaultReplicasOfABenchmarkWithoutStoredFiguresWhenMessagesArePlanned()
            throws IOException {
        StringWriter err = new StringWriter();

        AbSession.Planned planned = plannedWithoutFigures(2, true, err);

        assertEquals(Map.of("pipeline", 4), planned.replicas(), "the default replicas, each shorter");
        assertEquals(Map.of("pipeline", 100_000), planned.messages(), "2 x 200,000 samples over 4 replicas");
        assertTrue(
                err.toString()
                        .contains("[ab] pipeline: 4 replicas a fork of 100,000 messages, not 200,000: "
                                + fourReplicasOf200k().forks()
                                + " forks a side of 4 x 200,000 samples of 3 series (tags included, from"
                                + " its declaration; no stored run of this machine has its figures) would not fit"),
                err.toString());
        // -n given: the replicas are cut instead, the messages kept
        AbSession.Planned kept = plannedWithoutFigures(2, false, new StringWriter());
        assertEquals(Map.of("pipeline", 2), kept.replicas());
        assertEquals(Map.of(), kept.messages());
    }

    @Test
    void shouldCutTheDefaultReplicasOfABenchmarkWithoutStoredFiguresOnlyWhereTheirMessagesWouldFallBelowTheFewest()
            throws IOException {
        StringWriter err = new StringWriter();

        // room for 0.31 of a replica of 200,000: 4 replicas would get 15,500 messages each, 3 get 20,666
        AbSession.Planned planned = plannedWithoutFigures(0.31, true, err);

        assertEquals(Map.of("pipeline", 3), planned.replicas());
        int messages = planned.messages().get("pipeline");
        assertTrue(messages >= ReplicaPlan.MIN_PLANNED_MESSAGES && messages < 21_000, "messages " + messages);
        assertTrue(
                err.toString()
                        .contains(String.format(
                                Locale.ROOT,
                                "[ab] pipeline: 3 replica(s) a fork of"
                                        + " %,d messages, not the default 4 of 200,000: ",
                                messages)),
                err.toString());
        assertTrue(
                err.toString().contains("spread over as many replicas as keep at least 20,000 messages each"),
                err.toString());
    }

    @Test
    void shouldCountTheSeriesABenchmarkDeclaresItsStagesTotalsAndTags() {
        assertEquals(
                1,
                AbSession.declaredSeries(
                        new BenchmarkDescriptor("spin", List.of("spin"), "", "Spin", List.of(), List.of(), List.of())));
        // parse, book, decide, encode; total and unmarked; a tag's series hold each stage's samples at most once more
        assertEquals(
                10,
                AbSession.declaredSeries(new BenchmarkDescriptor(
                        "pipeline",
                        List.of("parse", "book", "decide", "encode"),
                        "",
                        "Pipeline",
                        List.of(),
                        List.of(),
                        List.of("order", "no-order"))));
    }

    @Test
    void shouldPlanOneLookWhenTheStoredFiguresLeaveTheBudgetNoRoomForASecond() throws IOException {
        Path machine = dir.resolve("machine");
        RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        MeasurementSession.Measurement now = measurementAnHourLater(machine);
        SequentialPlan twoLooks = new SequentialPlan(13, 23, 10, 5, Duration.ofSeconds(90));
        StringWriter err = new StringWriter();

        // a pair of 4 replicas: 2 x (2.6 + 3 x (0.2 + 3,000 x 100 ns)) = 6.4018 s; 13 of them 83.2 s of the 90 s budget
        SequentialPlan planned = AbSession.forecastLooks(
                twoLooks,
                AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                now,
                List.of("pipe"),
                Map.of("pipe", new ReplicaPlan.Shape(4, now.config().messages())),
                new PrintWriter(err, true));

        assertEquals(1, planned.looks());
        assertEquals(13, planned.maxForks());
        assertTrue(
                err.toString()
                        .contains("[ab] one look of 13 pairs a side, alpha not split over looks: at this machine's"
                                + " stored figures it takes ~83s of the 90s budget, leaving no room for 2 more pairs (~6s a pair at the"
                                + " cheapest)"),
                err.toString());
        // 2 replicas a fork: 5.6 s a pair, 72.8 s; 17.2 s left hold 3 more pairs, so the second look stays
        assertEquals(
                twoLooks,
                AbSession.forecastLooks(
                        twoLooks,
                        AbSession.pilots(dir.resolve("results"), now, List.of("pipe")),
                        now,
                        List.of("pipe"),
                        Map.of("pipe", new ReplicaPlan.Shape(2, now.config().messages())),
                        new PrintWriter(new StringWriter())));
        // a benchmark with no stored figures: nothing is forecast, the plan stays
        assertEquals(
                twoLooks,
                AbSession.forecastLooks(
                        twoLooks,
                        AbSession.pilots(dir.resolve("results"), now, List.of("pipe", "encode")),
                        now,
                        List.of("pipe", "encode"),
                        Map.of("pipe", new ReplicaPlan.Shape(4, now.config().messages())),
                        new PrintWriter(new StringWriter())));
    }

    @Test
    void shouldPlanTheReplicasAgainForTheOneLooksForksWhenTheForecastLeavesOneLook() throws IOException {
        Path machine = dir.resolve("machine");
        RunFixture.writeMeasuredRun(
                dir.resolve("results"), machine, RunFixture.START, 2, 6, new RepetitionCosts(2.6, 0.2, 100));
        RunConfig config = RunFixture.config(dir.resolve("now")).withReplicas(4).withForks(23);
        MeasurementSession.Measurement now = new MeasurementSession.Measurement(
                config,
                RunFixture.environment(machine, RunFixture.START.plusSeconds(3_600), RunFixture.COMMIT, false),
                List.of(),
                List.of());
        // a replica of both sides at 23 forks: 2 x 23 x 3,000 messages x 2 series, twice for their tags, x the bytes a
        // sample; the heap
        // holds 4.5 of them: 4 replicas at 23 forks, 7 at 13 (4.5 x 23 / 13 = 7.96); the optimum is 11
        long perReplicaOf23 = 2L * 23 * config.messages() * 4 * ReplicaPlan.LAUNCHER_BYTES_PER_SAMPLE;
        long heap = 4 * perReplicaOf23 + perReplicaOf23 / 2;
        Map<String, Optional<ReplicaPilot>> pilots = AbSession.pilots(dir.resolve("results"), now, List.of("pipe"));
        StringWriter err = new StringWriter();

        // at 4 replicas a pair takes 6.4 s: 13 pairs 83 s of the 90 s budget, one look
        AbSession.Planned oneLook = AbSession.plan(
                new SequentialPlan(13, 23, 10, 5, Duration.ofSeconds(90)),
                pilots,
                now,
                List.of("pipe"),
                name -> 1,
                new PrintWriter(err, true),
                heap);

        assertEquals(1, oneLook.looks().looks());
        assertEquals(13, oneLook.looks().maxForks());
        assertEquals(Map.of("pipe", 7), oneLook.replicas());
        String said = err.toString();
        assertTrue(said.contains("[ab] one look of 13 pairs a side") && said.contains("~83s of the 90s budget"), said);
        assertTrue(
                said.contains("[ab] pipe: 7 replicas a fork, not the 11 of Kalibera and Jones's optimum")
                        && said.contains(": 13 forks a side of 11 x 3,000 samples"),
                said);
        assertEquals(
                1, said.split("replicas a fork", -1).length - 1, "only the replicas planned last are said: " + said);

        // a budget with room for a second look keeps the plan, and the replicas its 23 forks can hold
        AbSession.Planned twoLooks = AbSession.plan(
                new SequentialPlan(13, 23, 10, 5, Duration.ofSeconds(600)),
                pilots,
                now,
                List.of("pipe"),
                name -> 1,
                new PrintWriter(new StringWriter()),
                heap);
        assertEquals(23, twoLooks.looks().maxForks());
        assertEquals(Map.of("pipe", 4), twoLooks.replicas());
        // replicas not planned: the configured count, and the looks forecast with it
        assertEquals(
                Map.of(),
                AbSession.plan(
                                new SequentialPlan(13, 23, 10, 5, Duration.ofSeconds(90)),
                                pilots,
                                now,
                                List.of("pipe"),
                                null,
                                new PrintWriter(new StringWriter()),
                                heap)
                        .replicas());
    }

    @Test
    void shouldGiveEachSideTheOneLooksForksWhenOneLookIsPlannedAndLeaveALargerPlanAlone() throws IOException {
        MeasurementSession.Measurement side = new MeasurementSession.Measurement(
                RunFixture.config(dir.resolve("side")).withForks(23).withReplicas(4),
                RunFixture.environment(dir.resolve("machine"), RunFixture.START, RunFixture.COMMIT, false),
                List.of("readiness"),
                List.of("a warning"));

        MeasurementSession.Measurement capped = AbSession.atMostForks(side, 13);

        // its progress says fork i/13 and its summary 13 forks, as a run of -f 13: 7 seeds, 6 of them measured twice
        // (at 23 forks the 13 that run would have measured 12 seeds, one of them twice)
        assertEquals(13, capped.config().forks());
        assertEquals(side.config().withForks(13), capped.config());
        assertEquals(
                List.of(0L, 1L, 2L, 3L, 4L, 5L, 6L, 0L, 1L, 2L, 3L, 4L, 5L),
                IntStream.rangeClosed(1, 13)
                        .mapToObj(capped.config()::layoutSeedOf)
                        .toList());
        assertEquals(4, capped.config().replicas());
        assertEquals(side.environment(), capped.environment());
        assertEquals(List.of("a warning"), capped.warnings());
        assertSame(side, AbSession.atMostForks(side, 23), "a plan of as many forks keeps the side as it is");
    }

    /** @return a measurement of 4 replicas a fork on {@code machine}, an hour after the fixture's stored run */
    private MeasurementSession.Measurement measurementAnHourLater(Path machine) throws IOException {
        return measurementAnHourLater(
                machine, RunFixture.config(dir.resolve("now")).withReplicas(4));
    }

    /** A measurement of {@code config} an hour after the stored run of {@code machine}. */
    private static MeasurementSession.Measurement measurementAnHourLater(Path machine, RunConfig config)
            throws IOException {
        return new MeasurementSession.Measurement(
                config,
                RunFixture.environment(machine, RunFixture.START.plusSeconds(3_600), RunFixture.COMMIT, false),
                List.of(),
                List.of());
    }
}
