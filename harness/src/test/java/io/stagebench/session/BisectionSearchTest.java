package io.stagebench.session;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.ArrayList;
import java.util.List;
import java.util.Set;
import org.junit.jupiter.api.Test;

/** The order in which a bisection tests commits, and where it ends, with a scripted test of each commit. */
class BisectionSearchTest {

    /** @return the commits tested, in order, of a line of {@code n} whose first bad one is {@code culprit} */
    private static List<Integer> bisect(int n, int culprit, Set<Integer> unbuildable, Bisection.Search search) {
        List<Integer> tested = new ArrayList<>();
        for (int mid = search.next(); mid >= 0; mid = search.next()) {
            tested.add(mid);
            search.record(
                    mid,
                    unbuildable.contains(mid)
                            ? Bisection.Outcome.SKIP
                            : mid >= culprit ? Bisection.Outcome.BAD : Bisection.Outcome.GOOD);
        }
        return tested;
    }

    @Test
    void shouldFindEveryCulpritOfEightCommitsInAtMostThreeComparisons() {
        for (int culprit = 1; culprit <= 7; culprit++) {
            Bisection.Search search = new Bisection.Search(8);
            List<Integer> tested = bisect(8, culprit, Set.of(), search);
            assertEquals(culprit, search.firstBad(), "culprit " + culprit);
            assertEquals(culprit - 1, search.lastGood(), "culprit " + culprit);
            assertTrue(tested.size() <= 3, "culprit " + culprit + ": tested " + tested);
        }
    }

    @Test
    void shouldTryANeighbourOfACommitThatDoesNotBuild() {
        Bisection.Search search = new Bisection.Search(8);

        List<Integer> tested = bisect(8, 4, Set.of(3), search);

        assertEquals(List.of(3, 2, 4), tested, "the lower neighbour first, then the upper");
        assertEquals(4, search.firstBad());
        assertEquals(2, search.lastGood(), "3 was skipped: the culprit is 3 or 4");
        assertEquals(0, search.untested());
    }

    @Test
    void shouldLeaveTheCulpritOpenOnlyBetweenSkippedCommits() {
        Bisection.Search search = new Bisection.Search(8);

        bisect(8, 5, Set.of(4), search);

        assertEquals(3, search.lastGood());
        assertEquals(5, search.firstBad());
    }

    @Test
    void shouldSayABuildEndedByAStopWasStoppedNotThatTheCommitDoesNotBuild() {
        assertEquals(
                "[bisect] stopped while building 788b1f85f2cb: stagebench is stopping (nothing of it is judged)",
                Bisection.buildFailure("788b1f85f2cb", "mvn package was stopped: stagebench is stopping", true));
        assertEquals(
                "[bisect] 788b1f85f2cb does not build: mvn package failed (exit 1)",
                Bisection.buildFailure("788b1f85f2cb", "mvn package failed (exit 1)", false));
    }
}
