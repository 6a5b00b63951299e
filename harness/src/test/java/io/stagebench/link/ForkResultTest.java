package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.clock.RateCheck;
import io.stagebench.json.Json;
import io.stagebench.json.RecordJson;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A fork's result is written as one flat object whatever parts the type has: {@code fork-result-v3.json} is what a
 * build of link version 3 wrote, before the result had parts, for the same values as
 * {@link ForkResultFixture#everyField()} (and the replicas' {@code coreLoopNs}, a field added since).
 */
class ForkResultTest {

    @TempDir
    Path dir;

    private static JsonNode written() throws IOException {
        try (InputStream in = ForkResultTest.class.getResourceAsStream("fork-result-v3.json")) {
            return Json.mapper().readTree(in);
        }
    }

    @Test
    void shouldWriteTheFieldsAndValuesABuildBeforeItsPartsWrote() throws IOException {
        ForkResult result = ForkResultFixture.everyField();

        assertEquals(written(), Json.mapper().readTree(Json.write(result)), "the launcher's writer");
        assertEquals(written(), Json.mapper().readTree(RecordJson.write(result)), "the fork's writer");
    }

    @Test
    void shouldReadTheFileABuildBeforeItsPartsWroteIntoTheSameParts() throws IOException {
        Path file = Files.writeString(dir.resolve("fork-2.json"), Json.mapper().writeValueAsString(written()));

        ForkResult read = Json.mapper().readValue(file.toFile(), ForkResult.class);

        assertEquals(ForkResultFixture.everyField(), read);
        assertEquals(read, RecordJson.read(file, ForkResult.class));
    }

    @Test
    void shouldCarryTheRateCheckOfAForkThatTookItsJvmsCalibrationFromTheForksWriterToTheLaunchersReader()
            throws IOException {
        ForkResult every = ForkResultFixture.everyField();
        ForkRuler r = every.ruler();
        ForkResult checked = new ForkResult(
                every.run(),
                new ForkRuler(
                        r.requestedBinding(),
                        r.binding(),
                        r.calibration(),
                        r.stepTicks(),
                        r.readStepTicks(),
                        r.overhead(),
                        new RateCheck(2.09581, 24_000_000)),
                every.placement(),
                every.measurement(),
                every.checks(),
                every.linkVersion());
        Path file = Files.writeString(dir.resolve("fork-2.json"), RecordJson.write(checked));

        assertEquals(checked, Json.mapper().readValue(file.toFile(), ForkResult.class));
        assertTrue(Json.mapper()
                        .readTree(file.toFile())
                        .path("rateCheck")
                        .path("intervalNs")
                        .asLong()
                == 24_000_000L);
    }

    @Test
    void shouldGiveEachPartItsDefaultsWhenAnOlderBuildWroteNoneOfItsFields() throws IOException {
        Path file = Files.writeString(dir.resolve("fork-1.json"), """
                {"benchmark": "parse", "fork": 1, "stages": ["parse"], "jvmFlags": [], "warnings": ["w"]}""");

        ForkResult read = Json.mapper().readValue(file.toFile(), ForkResult.class);

        assertEquals(List.of("parse"), read.run().stages());
        assertEquals(1, read.run().batch(), "one interval a message");
        assertEquals(List.of(ForkWarning.OTHER), read.checks().warningCodes(), "read from the wording");
        assertEquals(1, read.replicaCount());
        assertEquals(List.of(), read.placement().threads());
        assertEquals(LinkVersion.UNVERSIONED, read.linkVersion());
        assertTrue(read.ruler().calibration() == null && read.measurement().rawFile() == null);
        assertEquals(read, RecordJson.read(file, ForkResult.class));
    }

    @Test
    void shouldNameEachReplicasRawFilesAndKeepTheRestOfTheResult() {
        ForkResult result = ForkResultFixture.everyField();

        ForkResult second = result.ofReplica(2);

        assertEquals(List.of("fork-2.raw", "fork-2.t1.raw", "fork-2.r2.raw", "fork-2.r2.t1.raw"), result.rawFiles());
        assertEquals("fork-2.r2.raw", second.measurement().rawFile());
        assertEquals("fork-2.r2.t1.raw", second.placement().threads().get(0).rawFile());
        assertEquals(result.run(), second.run());
        assertEquals(result.checks(), second.checks());
        assertEquals(result.measurement().replicas(), second.measurement().replicas());
    }
}
