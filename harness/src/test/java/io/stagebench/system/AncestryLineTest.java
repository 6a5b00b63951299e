package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;

import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

/** The line bisect searches, from the parents of the commits between GOOD and BAD ({@link GitCheckout#chain}). */
class AncestryLineTest {

    @Test
    void shouldTakeTheFirstParentLineWhenGoodIsOnIt() {
        Map<String, List<String>> parents = Map.of("c", List.of("b"), "b", List.of("a"));

        assertEquals(List.of("a", "b", "c"), GitCheckout.chain("a", "c", parents));
    }

    @Test
    void shouldLeaveTheFirstParentLineForTheParentThatContainsGoodWhenGoodIsAMergesSecondParent() {
        // m merges side branch s2 (GOOD) into main line x3 - x2 - x1, which does not contain GOOD
        Map<String, List<String>> descendants = Map.of("m", List.of("x3", "s2"));

        assertEquals(List.of("s2", "m"), GitCheckout.chain("s2", "m", descendants));
    }

    @Test
    void shouldFollowFirstParentsThatContainGoodAfterAMergeOfAnotherBranch() {
        // GOOD g; main line g - a - m2 - b, where m2 merges a side branch t1 that forked before g
        Map<String, List<String>> parents = Map.of("b", List.of("m2"), "m2", List.of("a", "t1"), "a", List.of("g"));

        assertEquals(List.of("g", "a", "m2", "b"), GitCheckout.chain("g", "b", parents));
    }
}
