package io.stagebench.link;

import io.stagebench.nativeaccess.Personality;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.Optional;

/**
 * Where a fork's memory lies, as far as stagebench fixes it and varies it on purpose, and what the fork read back about
 * it; written in {@code fork-N.json} as {@code layout}.
 *
 * <p>Address layout is a per-process random variable that moves a stage by tens of percent (Mytkowicz et al.,
 * "Producing wrong data without doing anything obviously wrong", ASPLOS 2009): left to chance, forks of identical code
 * land in modes. So a fork's layout is <em>fixed</em> and then <em>varied by a seed</em>:
 *
 * <ul>
 *   <li>Fixed: the launcher starts every fork with address randomisation off ({@code personality(ADDR_NO_RANDOMIZE)},
 *       as {@code setarch -R}); the fork reads {@code /proc/self/personality} back. The JVM's heap, code cache, stacks
 *       and native allocations then land at the same virtual addresses in every fork.
 *   <li>Varied: before the benchmark is constructed the fork allocates {@link #offsetBytes(long)} bytes on the Java
 *       heap, so what the benchmark allocates next starts that far on within its 4 KiB page: another cache set, another
 *       4 KiB alias. A benchmark's own off-heap buffers take the same offset from
 *       {@code BenchmarkParams.layoutOffsetBytes()}. Each seed is measured by two forks
 *       ({@code RunConfig.layoutSeedOf}), so a stage's spread across layouts can be told from its spread between forks
 *       of one layout, and fork {@code i} of either side of an A/B pair gets the same seed, so a comparison sees each
 *       layout on both sides rather than a change's own layout shift.
 * </ul>
 *
 * A fixed layout alone would be biased: a code change moves code and data too, and measuring one layout measures the
 * mode a change happened to land in. The seeds sample layouts on purpose; how far a stage's centre moves across them is
 * its layout sensitivity ({@code LayoutSensitivity}).
 *
 * <p>IMPLEMENTATION NOTES: what is not varied: where compiled code lands in the code cache (set by the order of
 * compilations, which foreground compilation makes follow the benchmark's calls) and the physical pages behind the heap
 * (made 2 MiB-contiguous by huge pages, where the kernel offers them). What is not fixed: native allocations
 * ({@code malloc}) of the JVM's threads interleave in an order that varies from fork to fork, and so do the
 * thread-local allocation buffers other threads take from the heap; the heap offset moves the objects the measuring
 * thread allocates after it, relative to where its buffer lies.
 *
 * @param seed the fork's layout seed
 * @param offsetBytes bytes allocated on the heap before the benchmark is constructed
 * @param requested what the launcher obtained: {@link #FIXED}, {@link #RANDOMISED} or a refusal's reason
 * @param randomisationOff whether the fork's addresses are fixed, as read back (personality or kernel setting)
 * @param personality {@code /proc/self/personality} (-1: unreadable)
 * @param hugePagesKb the fork's anonymous memory on transparent huge pages after setup, KiB (-1: unknown)
 */
public record ForkLayout(
        long seed, int offsetBytes, String requested, boolean randomisationOff, int personality, long hugePagesKb) {

    /** The launcher started the fork with address randomisation off. */
    public static final String FIXED = "fixed";
    /** The launcher left address randomisation on, as asked ({@code --aslr}). */
    public static final String RANDOMISED = "randomised";
    /** Cache line, the step of the offsets. */
    static final int LINE_BYTES = 64;
    /** Lines in a 4 KiB page: the offsets cycle through every one of them. */
    static final int LINES_PER_PAGE = 64;
    /** Coprime to {@link #LINES_PER_PAGE}: consecutive seeds land far apart in the page. */
    private static final int STRIDE_LINES = 41;
    /** Java array header on a 64-bit JVM with compressed class pointers. */
    private static final int ARRAY_HEADER_BYTES = 16;

    // kept reachable for the fork's life, so what setup allocates stays where the offset put it
    private static Object heapPad;

    /**
     * @return the offset of seed {@code seed}: a whole number of cache lines in [0, 4096), seeds {@code 0, 1, 2, ...}
     *     stepping 41 lines through the page ({@code 0, 2624, 1152, 3776, ...})
     */
    public static int offsetBytes(long seed) {
        return (int) Math.floorMod(seed * STRIDE_LINES, (long) LINES_PER_PAGE) * LINE_BYTES;
    }

    /**
     * Reads back what the fork obtained of its layout; the offset itself is {@link #pad}'s, before each setup.
     *
     * @param seed the fork's seed
     * @param requested the spec's {@code addressRandomisation}
     */
    public static ForkLayout apply(long seed, String requested) {
        int offset = offsetBytes(seed);
        Optional<Integer> persona = Personality.ofThisProcess();
        boolean off =
                persona.map(p -> (p & Personality.ADDR_NO_RANDOMIZE) != 0).orElse(false) || kernelRandomisationOff();
        return new ForkLayout(seed, offset, requested, off, persona.orElse(-1), -1);
    }

    /**
     * Moves the measuring thread's next allocations on by {@link #offsetBytes(long)}: the last allocation before the
     * benchmark's instance, so everything its setup allocates starts that offset on. A later replica pads again after
     * the collection that emptied the young generation, its data then starting the offset on from where the collector
     * left the allocation point, as the first replica's did from where the fork's start left it. The pad before is
     * garbage then, and the offset does not add up.
     *
     * @return the offset in bytes
     */
    public static int pad(long seed) {
        int offset = offsetBytes(seed);
        // an array of n longs takes 16 + 8n bytes: the next object starts exactly offset bytes on
        heapPad = offset == 0 ? null : new long[(offset - ARRAY_HEADER_BYTES) / Long.BYTES];
        return offset;
    }

    /** @return this layout with the huge-page figure read now (after setup, when the heap is touched) */
    public ForkLayout withHugePages() {
        return new ForkLayout(seed, offsetBytes, requested, randomisationOff, personality, readHugePagesKb());
    }

    /**
     * @return the warning a fork reports about its layout, or empty: randomisation on although the launcher asked for
     *     it off, or a refusal the launcher met
     */
    public Optional<String> warning() {
        if (randomisationOff || RANDOMISED.equals(requested)) {
            return Optional.empty();
        }
        String why = FIXED.equals(requested)
                ? "read back as on (personality 0x" + Integer.toHexString(personality) + ")"
                : requested;
        return Optional.of("address randomisation could not be turned off (" + why + "): every fork lands in an address"
                + " layout by chance, and forks of the same code can disagree by tens of percent");
    }

    private static boolean kernelRandomisationOff() {
        try {
            return "0"
                    .equals(Files.readString(Path.of("/proc/sys/kernel/randomize_va_space"))
                            .trim());
        } catch (IOException | SecurityException e) {
            return false;
        }
    }

    private static long readHugePagesKb() {
        try {
            for (String line : Files.readAllLines(Path.of("/proc/self/smaps_rollup"))) {
                if (line.startsWith("AnonHugePages:")) {
                    return Long.parseLong(line.substring("AnonHugePages:".length())
                            .replace("kB", "")
                            .trim());
                }
            }
        } catch (IOException | NumberFormatException | SecurityException e) {
            return -1;
        }
        return -1;
    }
}
