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
 * Alignment-sensitive by construction: each message chases a pointer through 18 cache lines, one in each of 18 pages,
 * in three groups of six - group j at j times the fork's layout offset into its pages. An L1 data cache whose ways are
 * 4 KiB (32 KiB 8-way, 48 KiB 12-way) is indexed by the address bits below 4 KiB: at offset 0 all eighteen map to one
 * set, more than its ways, so every load misses it; at the seeds' other offsets (41, 18 and 59 lines: 0, 1 and 2 times
 * each fall in three different sets) they split six, six and six over three sets, within any such cache's ways, and
 * every load hits. The same code is about twice as slow at one layout as at the others: what a layout sensitivity line
 * must catch. (Twelve lines in two groups were enough for an 8-way cache, not for a 12-way one.)
 */
@Benchmark(
        name = "test.layout-sensitive",
        description = "a pointer chase whose L1 set conflicts depend on the layout offset")
public final class LayoutSensitiveBenchmark implements Operation {

    private static final int PAGE = 4096;
    private static final int GROUPS = 3;
    private static final int LINES = 6 * GROUPS;
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
            // chase order A0, B0, C0, A1, ...: page i, at group (i mod 3) times the offset into it
            int group = i % GROUPS;
            line[i] = (long) i * PAGE + (long) group * offset % PAGE;
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
