package io.stagebench.stages.bench;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNotEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.stages.decide.Decision;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Arrays;
import java.util.Map;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class DecisionCacheTest {

    private static void assertSameDecisions(Decision[] expected, Decision[] actual) {
        assertEquals(expected.length, actual.length);
        for (int i = 0; i < expected.length; i++) {
            Decision e = expected[i];
            Decision a = actual[i];
            assertEquals(
                    Arrays.asList(e.locate, e.stock, e.side, e.priceE4, e.shares, e.timeInForce, e.triggerTimestampNs),
                    Arrays.asList(a.locate, a.stock, a.side, a.priceE4, a.shares, a.timeInForce, a.triggerTimestampNs),
                    "decision " + i);
        }
    }

    @Test
    void shouldGiveAForkTheSameDecisionsFromTheCacheAsFromReplayingTheStream() {
        BenchmarkParams params = new BenchmarkParams(
                "encode", 1, 0, 0, Map.of(ReferenceWorkload.MESSAGES, "40000", ReferenceWorkload.SEED, "7"), 0);
        Decision[] replayed = ReferenceWorkload.decisions(ReferenceWorkload.stream(7, 40_000));

        Decision[] first = ReferenceWorkload.decisions(params, 1.0);
        Decision[] second = ReferenceWorkload.decisions(params, 1.0); // from the file the first stored, if not before

        assertTrue(replayed.length > 0);
        assertSameDecisions(replayed, first);
        assertSameDecisions(replayed, second);
        assertTrue(DecisionCache.read(7, 40_000).isPresent(), "the decisions were stored");
    }

    @Test
    void shouldIgnoreAStoredFileThatIsCutOrCountsOtherwise(@TempDir Path dir) throws IOException {
        Decision[] decisions = ReferenceWorkload.decisions(ReferenceWorkload.stream(3, 30_000));
        Path file = dir.resolve("decisions.bin");
        DecisionCache.write(file, decisions);
        assertSameDecisions(decisions, DecisionCache.read(file).orElseThrow());

        byte[] whole = Files.readAllBytes(file);
        Files.write(file, Arrays.copyOf(whole, whole.length - 5));
        assertTrue(DecisionCache.read(file).isEmpty(), "a cut file");

        byte[] miscounted = whole.clone();
        miscounted[3]++;
        Files.write(file, miscounted);
        assertTrue(DecisionCache.read(file).isEmpty(), "a count that is not the file's");
    }

    @Test
    void shouldChecksumAClassesFolderByEveryFileSoAChangedStageMeansNewDecisions(@TempDir Path dir) throws IOException {
        Files.createDirectories(dir.resolve("a/b"));
        Files.write(dir.resolve("a/One.class"), new byte[] {1, 2, 3});
        Files.write(dir.resolve("a/b/Two.class"), new byte[] {4, 5});
        long before = DecisionCache.checksum(dir).orElseThrow();

        Files.write(dir.resolve("a/b/Two.class"), new byte[] {4, 6});

        assertNotEquals(before, DecisionCache.checksum(dir).orElseThrow());
        assertTrue(DecisionCache.codeChecksum(DecisionCacheTest.class).isPresent());
    }
}
