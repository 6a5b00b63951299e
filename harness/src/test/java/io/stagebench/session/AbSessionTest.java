package io.stagebench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import io.stagebench.config.UsageException;
import java.util.List;
import org.junit.jupiter.api.Test;

/** What ab checks of its two built sides before any fork starts. */
class AbSessionTest {

    @Test
    void shouldRefuseBeforeAnyForkABenchmarkOnlyBHasNamingItAndWhatAHas() {
        UsageException e = assertThrows(
                UsageException.class,
                () -> AbSession.requireInA(List.of("encode", "encode2"), List.of("parse", "encode"), "HEAD"));

        assertEquals("A (commit HEAD) has no benchmark encode2 (A has: parse, encode)", e.getMessage());
        AbSession.requireInA(List.of("encode"), List.of("parse", "encode"), "HEAD");
    }
}
