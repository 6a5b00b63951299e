package io.stagebench.api;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.Optional;
import org.junit.jupiter.api.Test;

/** Which series are a stage's share by tag, compared only when asked, and which are figures of their own. */
class TagSeriesNamesTest {

    @Test
    void shouldTellAStagesShareByTagFromTheTotalOfTheMessagesTheLastStageTagged() {
        assertTrue(TagDeclaration.isStageShare("decide[order]"));
        assertFalse(TagDeclaration.isStageShare("total[order]"), "tick-to-trade is compared as any total");
        assertFalse(TagDeclaration.isStageShare("decide"));
        assertEquals(Optional.of("total"), TagDeclaration.stageOf("total[order]"));
    }
}
