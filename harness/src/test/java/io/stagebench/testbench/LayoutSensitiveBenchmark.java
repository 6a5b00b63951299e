package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import java.lang.foreign.Arena;
import java.lang.foreign.MemorySegment;
import java.lang.foreign.ValueLayout;

/**
 * Alignment-sensitive by construction: each message chases a pointer through 12 cache lines,
 * one in each of 12 pages - six at the start of their page, six at the fork's layout offset
 * into theirs. At offset 0 all twelve map to one set of an 8-way L1 data cache (which is indexed
 * by the address bits below 4 KiB), so every load misses it; at any other offset they split six
 * and six over two sets, with room to spare, and every load hits. The same code is about twice as
 * slow at one layout as at the others: what a layout sensitivity line must catch.
 */
@Benchmark(name = "test.layout-sensitive", description = "a pointer chase whose L1 set conflicts depend on the layout offset")
public final class LayoutSensitiveBenchmark implements Operation {

    private static final int PAGE = 4096;
    private static final int LINES = 12;
    private static final int ROUNDS = 5;

    private MemorySegment pages;
    private long first;
    private long state;

    @Setup
    public void setup(BenchmarkParams params) {
        int offset = params.layoutOffsetBytes();
        pages = Arena.ofAuto().allocate((long) (LINES + 1) * PAGE, PAGE);
        long[] line = new long[LINES];
        for (int i = 0; i < LINES; i++) {
            // chase order A0, B0, A1, B1, ...: A at the start of pages 0-5, B at the offset into pages 6-11
            line[i] = i % 2 == 0 ? (long) (i / 2) * PAGE : (long) (LINES / 2 + i / 2) * PAGE + offset;
        }
        for (int i = 0; i < LINES; i++) {
            pages.set(ValueLayout.JAVA_LONG, line[i], line[(i + 1) % LINES]);
        }
        first = line[0];
        state = first;
    }

    @Reset
    public void reset() {
        state = first;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final MemorySegment p = pages;
        long at = state;
        for (int i = 0; i < LINES * ROUNDS; i++) {
            at = p.get(ValueLayout.JAVA_LONG, at);
        }
        state = at;
        sink.consume(at);
    }
}
