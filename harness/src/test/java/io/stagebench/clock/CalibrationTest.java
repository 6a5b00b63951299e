package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.testing.MeasuresInProcess;
import java.util.ArrayList;
import java.util.List;
import java.util.PrimitiveIterator;
import java.util.stream.LongStream;
import org.junit.jupiter.api.Test;

class CalibrationTest {

    @Test
    void shouldDivideTicksByMonotonicNanosAndTakeTheMedianRound() {
        // rounds: 520 M ticks / 200 M ns = 2.6; 522 M / 200 M = 2.61; 518 M / 200 M = 2.59
        ScriptedClock clock = new ScriptedClock(1_000, 520_001_000, 2_000, 522_002_000, 3_000, 518_003_000);
        PrimitiveIterator.OfLong wall =
                LongStream.of(0, 200_000_000, 0, 200_000_000, 0, 200_000_000).iterator();
        List<Long> slept = new ArrayList<>();

        Calibration calibration = Calibration.measure(clock, wall::nextLong, slept::add, 200, 3);

        assertEquals(2.60, calibration.ticksPerNs(), 1e-12);
        assertEquals(2.59, calibration.minTicksPerNs(), 1e-12);
        assertEquals(2.61, calibration.maxTicksPerNs(), 1e-12);
        assertEquals(2600.0, calibration.mhz(), 1e-9);
        assertEquals(1 / 2.6, calibration.nsPerTick(), 1e-12);
        assertEquals(0.02 / 2.6, calibration.relativeSpread(), 1e-12);
        assertEquals(List.of(200_000_000L, 200_000_000L, 200_000_000L), slept);
        assertEquals(6, clock.reads());
    }

    @Test
    void shouldAverageTheMiddleRoundsWhenTheRoundCountIsEven() {
        ScriptedClock clock = new ScriptedClock(0, 400_000_000, 0, 600_000_000);
        PrimitiveIterator.OfLong wall =
                LongStream.of(0, 200_000_000, 0, 200_000_000).iterator();

        Calibration calibration = Calibration.measure(clock, wall::nextLong, ns -> {}, 200, 2);

        assertEquals(2.5, calibration.ticksPerNs(), 1e-12);
    }

    @Test
    void shouldCloseAnOpenedRoundAfterTheCallersWorkSleepingOnlyWhatIsLeftOfTheInterval() {
        // opened at 0 ns / 1 000 ticks; the caller's work took 150 ms, so 50 ms are slept; closed at 200 ms
        ScriptedClock clock = new ScriptedClock(1_000, 520_001_000);
        PrimitiveIterator.OfLong wall =
                LongStream.of(0, 150_000_000, 200_000_000).iterator();
        List<Long> slept = new ArrayList<>();

        Calibration calibration = new Calibration.Window(clock, wall::nextLong).close(slept::add, 200, 1);

        assertEquals(2.60, calibration.ticksPerNs(), 1e-12);
        assertEquals(List.of(50_000_000L), slept);
        assertEquals(200_000_000L, calibration.intervalNs());
    }

    @Test
    void shouldSleepNothingWhenTheCallersWorkOutlastedTheIntervalAndMeasureTheOtherRoundsAsUsual() {
        // the first round spans 260 ms of work (2.6 ticks/ns over 260 M ns); then two slept rounds of 200 ms
        ScriptedClock clock = new ScriptedClock(0, 676_000_000, 0, 522_000_000, 0, 518_000_000);
        PrimitiveIterator.OfLong wall = LongStream.of(0, 260_000_000, 260_000_000, 0, 200_000_000, 0, 200_000_000)
                .iterator();
        List<Long> slept = new ArrayList<>();

        Calibration calibration = new Calibration.Window(clock, wall::nextLong).close(slept::add, 200, 3);

        assertEquals(List.of(200_000_000L, 200_000_000L), slept);
        assertEquals(2.60, calibration.ticksPerNs(), 1e-12);
        assertEquals(2.59, calibration.minTicksPerNs(), 1e-12);
        assertEquals(2.61, calibration.maxTicksPerNs(), 1e-12);
        assertThrows(
                IllegalArgumentException.class,
                () -> new Calibration.Window(new ScriptedClock(0, 1), () -> 0).close(ns -> {}, 100, 1));
    }

    @Test
    void shouldCheckARateAfterAtLeastTheCheckWindowAndStillCloseTheSameRoundLater() {
        // opened at 0; the check reads at 12 ms, sleeps to 20 ms and reads 52 M ticks there; the close then ends the
        // round at 200 ms, over the same start
        ScriptedClock clock = new ScriptedClock(0, 52_000_000, 520_000_000);
        PrimitiveIterator.OfLong wall = LongStream.of(0, 12_000_000, 20_000_000, 150_000_000, 200_000_000)
                .iterator();
        List<Long> slept = new ArrayList<>();
        Calibration.Window window = new Calibration.Window(clock, wall::nextLong);

        RateCheck check = window.check(slept::add, RateCheck.MIN_INTERVAL_MS);
        Calibration calibration = window.close(slept::add, 200, 1);

        assertEquals(2.60, check.ticksPerNs(), 1e-12);
        assertEquals(20_000_000L, check.intervalNs());
        assertEquals(List.of(8_000_000L, 50_000_000L), slept);
        assertEquals(2.60, calibration.ticksPerNs(), 1e-12);
    }

    @Test
    void shouldAgreeWithACalibrationOnlyWithinTheTolerance() {
        Calibration calibration = new Calibration(2.0960, 2.0960, 2.0960, 1, 200_000_000);

        assertTrue(new RateCheck(2.0960 * (1 + 4.9e-4), 20_000_000).agrees(calibration));
        assertTrue(new RateCheck(2.0960 * (1 - 4.9e-4), 20_000_000).agrees(calibration));
        assertFalse(new RateCheck(2.0960 * (1 + 5.1e-4), 20_000_000).agrees(calibration));
        assertFalse(new RateCheck(2.0960 * (1 - 5.1e-4), 20_000_000).agrees(calibration));
        assertEquals("2096.000 MHz over 20 ms", new RateCheck(2.0960, 20_000_000).describe());
    }

    @Test
    void shouldConvertTicksToNanosecondsOffline() {
        Calibration calibration = new Calibration(2.5, 2.5, 2.5, 1, 200_000_000);

        assertEquals(40.0, calibration.toNs(100), 1e-12);
    }

    @Test
    void shouldRejectIntervalsOutsideTheRangeNamingIt() {
        IllegalArgumentException tooShort =
                assertThrows(IllegalArgumentException.class, () -> Calibration.checkInterval(199));
        assertEquals("calibration length 199 ms is out of range [200, 10000] ms", tooShort.getMessage());
        assertThrows(IllegalArgumentException.class, () -> Calibration.checkInterval(10_001));
    }

    @Test
    void shouldRefuseACounterThatDoesNotAdvance() {
        ScriptedClock stuck = new ScriptedClock(5, 5);
        PrimitiveIterator.OfLong wall = LongStream.of(0, 200_000_000).iterator();

        IllegalStateException e = assertThrows(
                IllegalStateException.class, () -> Calibration.measure(stuck, wall::nextLong, ns -> {}, 200, 1));
        assertTrue(e.getMessage().contains("did not advance"), e.getMessage());
    }

    @MeasuresInProcess
    @Test
    void shouldUseTheIdentityForTheNanoTimeClock() {
        Calibration calibration = Calibration.measure(new NanoTimeClock(), 200, 3);

        assertEquals(1.0, calibration.ticksPerNs());
        assertEquals(0, calibration.rounds());
    }
}
