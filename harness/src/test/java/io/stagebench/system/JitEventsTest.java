package io.stagebench.system;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * The JIT's log, read as HotSpot 25 writes it ({@code -Xlog:jit+compilation=debug,deoptimization=debug}, stamped
 * {@code timemillis}): these lines are copied from a fork's log. A real fork names a deoptimisation in
 * {@code RunnerTest}.
 */
class JitEventsTest {

    private static final List<String> LOG = List.of(
            "[1796179662597ms]  770     n 0       jdk.internal.misc.Unsafe::putByte (native)   ",
            "[1796179662598ms]  774    b  3       java.lang.Integer::toString (55 bytes)",
            "[1796179662640ms]  780       4       io.stagebench.system.JitEventsTest$CompiledHere::work (10 bytes)",
            "[1796179662641ms]  781 %  b  4       io.stagebench.system.JitEventsTest$CompiledHere::loop @ 4 (30 bytes)",
            "[1796179662642ms]  780       4       io.stagebench.system.JitEventsTest$CompiledHere::work (10 bytes)",
            "[1796179662678ms] cid= 783 osr level=4 Vml.main([Ljava/lang/String;)V trap_bci=84 osr_bci=80 unstable_if"
                    + " reinterpret pc=0x00007fb2f3ef6564 relative_pc=0x00000000000005e4",
            "[1796179662678ms]  783 %     4       Vml::main @ 80 (148 bytes)   made not entrant: uncommon trap",
            "[1796179662690ms]  790       4       io.stagebench.Big::huge (9000 bytes)   COMPILE SKIPPED: out of nodes",
            "[1796179662716ms] cid=  45     level=4 java.lang.String.isLatin1()Z trap_bci=10 unstable_if reinterpret"
                    + " pc=0x00007fb2f3ecb9ac relative_pc=0x00000000000000ac");

    @TempDir
    Path dir;

    @Test
    void shouldSpellADescriptorsParametersAsJavaTypes() {
        assertEquals("(int, long, boolean[], String, byte[][])", JitEvents.parameters("(IJ[ZLjava/lang/String;[[B)V"));
        assertEquals("()", JitEvents.parameters("()J"));
    }

    @Test
    void shouldNameWhatCompiledOrDeoptimisedWithinTheWindowAndNothingOutsideIt() {
        List<String> named = JitEvents.named(LOG, List.of(new long[] {1796179662600L, 1796179662700L}));
        List<String> none = JitEvents.named(LOG, List.of(new long[] {0, 1}));

        assertEquals(
                List.of(
                        "compiled io.stagebench.system.JitEventsTest$CompiledHere::work (C2) x2",
                        "compiled io.stagebench.system.JitEventsTest$CompiledHere::loop (C2, on-stack replacement)",
                        "deoptimised Vml.main(String[]) at bci 84 (unstable_if, reinterpret)",
                        "failed to compile io.stagebench.Big::huge (C2): out of nodes"),
                named);
        assertEquals(List.of(), none);
    }

    @Test
    void shouldReadLinesStampedWithTheWritingThreadAndPassOverTheirInliningLines() {
        List<String> log = List.of(
                "[1796221888955ms][7996] 1982    b  4       io.stagebench.forked.MeasureLoop::backToBack (114 bytes)",
                "[1796221888957ms][7996]                   @ 69   io.x.ItchParser::parse (556 bytes)   failed to inline: too big",
                "[1796221888958ms][7996]                !              @ 11   jdk.internal.foreign.abi.DowncallStub::invoke"
                        + " (88 bytes)   force inline by annotation",
                "[1796221888960ms][7996] cid= 1982     level=4 io.x.Rare.encode(J)J trap_bci=10 unstable_if reinterpret pc=0x1");

        assertEquals(
                List.of(
                        "compiled io.stagebench.forked.MeasureLoop::backToBack (C2)",
                        "deoptimised io.x.Rare.encode(long) at bci 10 (unstable_if, reinterpret)"),
                JitEvents.named(log, List.of(new long[] {1796221888900L, 1796221889000L})));
        assertTrue(JitEvents.logFlag(Path.of("/r/fork-1.jit.log")).contains("jit+inlining=debug"));
        assertTrue(JitEvents.logFlag(Path.of("/r/fork-1.jit.log")).endsWith(":timemillis,tid:filecount=0"));
    }

    @Test
    void shouldKeepTheTenMostFrequentAndCountTheRest() {
        List<String> many = new ArrayList<>();
        for (int i = 0; i < 14; i++) {
            many.add("[1000ms]  " + (100 + i) + "       4       p.C::m" + i + " (10 bytes)");
        }
        many.add("[1000ms]  200       4       p.C::m3 (10 bytes)");

        List<String> named = JitEvents.named(many, List.of(new long[] {999, 1001}));

        assertEquals(JitEvents.MAX_NAMED + 1, named.size());
        assertEquals("compiled p.C::m3 (C2) x2", named.get(0));
        assertEquals("... and 4 more", named.get(named.size() - 1));
    }

    @Test
    void shouldNameNothingAndSayWhyInAJvmStartedWithoutItsLog() throws Exception {
        Path log = Files.writeString(dir.resolve("fork-1.jit.log"), String.join("\n", LOG));
        JitEvents events = JitEvents.of(log);

        assertTrue(events.unavailableReason().contains("without its compile log"), events.unavailableReason());
        assertEquals(List.of(), events.namedWithin(List.of(new long[] {0, Long.MAX_VALUE})));
        assertTrue(JitEvents.logFlag(log).startsWith(JitEvents.LOG_FLAG_PREFIX + log.toAbsolutePath()));
        assertTrue(JitEvents.logFlag(Path.of("/a b/x:y.log")).contains("file=\"/a b/x:y.log\":timemillis"));
        assertTrue(!JitEvents.wanted(List.of("-Xmx1g", "-D" + JitEvents.ENABLED_PROPERTY + "=false")));
    }
}
