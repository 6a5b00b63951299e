package io.stagebench.link;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.json.Json;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class OlderBuildsTest {

    @TempDir
    Path dir;

    @Test
    void shouldReadTheWarningCodesOfAResultFromBeforeCodesFromTheirWording() {
        List<String> warnings = List.of(
                "the JIT compiled 2 methods while measuring",
                "memory not locked (mlockall: EPERM)",
                "another task ran on the measuring CPU");

        assertEquals(
                List.of(ForkWarning.JIT, ForkWarning.MEMORY_LOCK, ForkWarning.OTHER),
                OlderBuilds.warningCodes(null, warnings));
        assertEquals(
                List.of(ForkWarning.CPU_SHARED, ForkWarning.OTHER, ForkWarning.OTHER),
                OlderBuilds.warningCodes(
                        List.of(ForkWarning.CPU_SHARED, ForkWarning.OTHER, ForkWarning.OTHER), warnings),
                "codes given, one a warning, are kept");
        assertEquals(ForkWarning.ALLOCATION, OlderBuilds.warningCode("the measuring thread allocated 24 B"));
    }

    @Test
    void shouldReadThePhaseOfAProgressLineFromBeforeTypedProgressFromItsWording() {
        ProgressEvent measuring =
                ProgressEvent.parse("[parse fork 1/5] measuring 200000 messages (back-to-back) (+812 ms)");
        ProgressEvent warming = ProgressEvent.parse("[parse fork 1/5] warm-up 100000 messages (+402 ms)");

        assertEquals(ProgressEvent.Phase.MEASURING, measuring.phase());
        assertEquals("measuring 200000 messages (back-to-back)", measuring.phaseText());
        assertEquals(ProgressEvent.Phase.OTHER, warming.phase());
        assertEquals(
                ProgressEvent.Phase.CANNOT_WRITE,
                ProgressEvent.parse(ForkEntry.CANNOT_WRITE + "/out: disk full").phase());
    }

    @Test
    void shouldReadAResultOfTheOldestLinkAsOneReplicaOfOneIntervalAMessage() throws Exception {
        Path file = Files.writeString(dir.resolve("fork-1.json"), """
                {"benchmark": "parse", "fork": 1, "stages": ["parse"], "jvmFlags": [], "warnings": ["pinning refused"],
                 "measuredMessages": 1000}""");

        ForkResult read = Json.mapper().readValue(file.toFile(), ForkResult.class);

        assertEquals(LinkVersion.UNVERSIONED, read.linkVersion());
        assertEquals(1, read.run().batch());
        assertEquals(1, read.replicaCount());
        assertEquals(List.of(), read.run().tags());
        assertEquals(List.of(ForkWarning.PINNING), read.checks().warningCodes());
    }
}
