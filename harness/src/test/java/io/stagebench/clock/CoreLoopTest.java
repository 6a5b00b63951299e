package io.stagebench.clock;

import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;

class CoreLoopTest {

    @Test
    void shouldTimeAnIterationAndKeepWhatTheChainsComputed() {
        CoreLoop loop = new CoreLoop();
        loop.compile();
        long computed = loop.sink();

        double iterationNs = loop.iterationNs();

        assertTrue(iterationNs > 0 && Double.isFinite(iterationNs), "ns an iteration: " + iterationNs);
        assertTrue(loop.sink() != computed, "each round's chains are kept, so the JIT cannot drop the loop");
    }
}
