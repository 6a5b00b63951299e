package io.stagebench.clock;

/**
 * Whether the measuring CPU's core had all its issue slots at a given moment: a loop of eight independent multiply-add
 * chains, bound by how many instructions the core issues a cycle, timed by each replica before its warm-up pass and
 * again after its measured pass (the slower of the two is the replica's), and by {@code crosscheck}'s JMH forks around
 * each iteration, so that two harnesses' figures can say whether they met the core alike. A guest's vCPU is a hardware
 * thread of a host core; when the host runs another guest on that core's other hardware thread, the two share the
 * core's issue slots, and code that keeps many instructions in flight - this loop, and the stages - slows, where a
 * chain of dependent instructions barely moves. No guest sees its core's sibling (here {@code lscpu} says one thread a
 * core) or can keep it idle: a run can only say when its passes met it.
 *
 * <p>Why this loop: timed beside other candidates on the measuring CPU, it moved most with the host's load while a
 * dependent chain barely moved; a walk through a large buffer moved while the stages held still, so the shared
 * last-level cache is not what moves them. The stages moved as this loop does: a replica whose loop ran slow mostly
 * read its stage slow too ({@code io.stagebench.result.CoreContention}; docs/decisions.md, "Core contention").
 *
 * <p>Measurement hazards: the loop runs before the replica's warm-up pass and after its measured pass, never between
 * the two, and touches no memory, so it leaves the caches to the benchmark. The JIT must not fold or vectorise the
 * chains: each is a scalar recurrence with its own constant, and their sum is kept. Its code is compiled at the end of
 * the fork's warm-up setup, after the benchmark's (whose place in the code cache it would otherwise move), so a replica
 * times compiled code. Not on the measured path, and short beside a pass.
 */
public final class CoreLoop {

    /** Iterations a round: well under a pass, long beside a tick. */
    public static final int ITERATIONS = 500_000;
    /** Rounds a replica's figure is the fastest of: an interrupt in one round does not read as a shared core. */
    public static final int ROUNDS = 3;
    /** Rounds run so that the loop is compiled (on-stack, then whole) before a replica times it. */
    public static final int COMPILE_ROUNDS = 8;

    /** What the chains ended at: kept, so that the JIT keeps the loop. */
    private long sink;

    /** Runs the loop until its code is compiled: after the fork's warm-up, before any replica times it. */
    public void compile() {
        for (int i = 0; i < COMPILE_ROUNDS; i++) {
            roundNs();
        }
    }

    /** @return ns an iteration of the fastest of {@value #ROUNDS} rounds */
    public double iterationNs() {
        long fastestNs = Long.MAX_VALUE;
        for (int i = 0; i < ROUNDS; i++) {
            fastestNs = Math.min(fastestNs, roundNs());
        }
        return fastestNs / (double) ITERATIONS;
    }

    /** @return what the chains ended at, summed (what keeps the JIT from dropping them) */
    public long sink() {
        return sink;
    }

    /** @return ns of one round of {@value #ITERATIONS} iterations */
    private long roundNs() {
        long a = 1;
        long b = 2;
        long c = 3;
        long d = 4;
        long e = 5;
        long f = 6;
        long g = 7;
        long h = 8;
        long startNs = System.nanoTime();
        for (int i = 0; i < ITERATIONS; i++) {
            a = a * 3 + 1;
            b = b * 5 + 1;
            c = c * 7 + 1;
            d = d * 9 + 1;
            e = e * 11 + 1;
            f = f * 13 + 1;
            g = g * 15 + 1;
            h = h * 17 + 1;
        }
        long ns = System.nanoTime() - startNs;
        sink += a ^ b ^ c ^ d ^ e ^ f ^ g ^ h;
        return ns;
    }
}
