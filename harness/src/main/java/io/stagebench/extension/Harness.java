package io.stagebench.extension;

import io.stagebench.config.MeasureDefaults;
import io.stagebench.io.AtomicFiles;
import io.stagebench.io.FileBytes;
import io.stagebench.json.Json;
import io.stagebench.nativeaccess.Affinity;
import io.stagebench.nativeaccess.Personality;
import io.stagebench.process.JvmFork;
import io.stagebench.session.MeasuringCpu;
import io.stagebench.store.RunStore;
import java.io.IOException;
import java.io.OutputStream;
import java.nio.file.Path;
import java.util.List;
import java.util.Optional;
import java.util.function.Consumer;

/**
 * The harness's small services for a contributed command and for code that runs beside stagebench's forks (another
 * harness's forks of the same benchmarks): writing files as the result store does, pinning a thread as a fork pins its
 * measuring thread, placing a process off the measuring CPU, the project a run belongs to, and the JVM flags
 * stagebench's forks start with. Each is the harness's own, so what a command does is done the harness's way.
 */
public final class Harness {

    /** Native access, which the clock and the thread-affinity calls need: every fork gets it. */
    public static final String NATIVE_ACCESS_FLAG = JvmFork.NATIVE_ACCESS_FLAG;
    /** Initial heap of every fork (the same as the maximum, so the heap never resizes while measuring). */
    public static final String HEAP_MIN_FLAG = MeasureDefaults.HEAP_MIN_FLAG;
    /** Maximum heap of every fork. */
    public static final String HEAP_MAX_FLAG = MeasureDefaults.HEAP_MAX_FLAG;
    /** Every heap page touched at start-up, so no page fault lands in a measurement. */
    public static final String PRE_TOUCH_FLAG = MeasureDefaults.PRE_TOUCH_FLAG;
    /** The collector of every fork: the serial one, nothing concurrent beside the measuring thread. */
    public static final String GC_FLAG = MeasureDefaults.GC_FLAG;
    /**
     * The heap on transparent huge pages, as every fork's ({@code MeasureDefaults.HUGE_PAGES_FLAG} says what it buys).
     */
    public static final String HUGE_PAGES_FLAG = MeasureDefaults.HUGE_PAGES_FLAG;
    /**
     * Compilation in the foreground, as every fork's ({@code MeasureDefaults.FOREGROUND_COMPILE_FLAG} says what it
     * buys).
     */
    public static final String FOREGROUND_COMPILE_FLAG = MeasureDefaults.FOREGROUND_COMPILE_FLAG;
    /**
     * The heap, pre-touch, huge-page, collector and compilation flags of every stagebench fork, which a fork of another
     * harness measuring the same code should share so both measure the same JVM. Also one by one above, as constants an
     * annotation (JMH's {@code @Fork}) can name.
     */
    public static final List<String> SHARED_FORK_FLAGS =
            List.of(HEAP_MIN_FLAG, HEAP_MAX_FLAG, PRE_TOUCH_FLAG, HUGE_PAGES_FLAG, GC_FLAG, FOREGROUND_COMPILE_FLAG);

    private Harness() {}

    /** Work that starts processes, run by {@link #withFixedAddresses}. */
    @FunctionalInterface
    public interface ProcessStarting<T, E extends Exception> {
        T run() throws E;
    }

    /**
     * Runs {@code work} with address randomisation off for the processes this thread starts in it
     * ({@code personality(ADDR_NO_RANDOMIZE)}, what {@code setarch -R} does), as stagebench's launcher starts its
     * forks, and restores the thread's personality afterwards. Each process started then lays out its stack, libraries
     * and heap at the same addresses every time.
     *
     * <p>Hazard: the flag belongs to the calling thread and is copied at {@code fork()}; processes started by other
     * threads (a pool) keep randomisation.
     *
     * @param refused receives why it could not be turned off (the work then runs anyway)
     */
    public static <T, E extends Exception> T withFixedAddresses(ProcessStarting<T, E> work, Consumer<String> refused)
            throws E {
        Personality.Result fixed = Personality.disableRandomisation();
        if (!fixed.disabled()) {
            refused.accept(fixed.refusal());
        }
        try {
            return work.run();
        } finally {
            if (fixed.disabled()) {
                Personality.restore(fixed.previous());
            }
        }
    }

    /** What a file written by {@link #writeAtomically} holds: whatever this writes to the stream. */
    @FunctionalInterface
    public interface Content {
        void writeTo(OutputStream out) throws IOException;
    }

    /**
     * Where a command that starts JVMs of its own puts them, chosen as {@code stagebench run} chooses:
     * {@link Harness#placeOffMeasuringCpu()}.
     *
     * @param cpu the measuring CPU
     * @param otherCpus every other online CPU, as a CPU list ({@code 0-2}); empty on a one-CPU machine
     * @param warnings what could not be arranged, for {@code *** WARNING:} lines
     */
    public record CpuPlacement(int cpu, String otherCpus, List<String> warnings) {
        public CpuPlacement {
            warnings = List.copyOf(warnings);
        }
    }

    /**
     * Writes {@code target} as the result store writes its files: to a temporary file beside it, then moved into place,
     * so a full disk or a kill leaves the old file (or none), never half of one. The stream is unbuffered (wrap it for
     * many small writes).
     *
     * @throws IOException naming {@code target} when it cannot be written
     */
    public static void writeAtomically(Path target, Content content) throws IOException {
        AtomicFiles.write(target, content::writeTo);
    }

    /**
     * Reads a whole file, as a benchmark's setup reads a large data file in a fork: in small reads into the heap array,
     * where {@link java.nio.file.Files#readAllBytes} would first fault in a fresh native buffer as large as the file,
     * many times slower in a fresh fork ({@link FileBytes} says why).
     *
     * @throws IOException naming {@code file} when it cannot be read whole
     */
    public static byte[] readFile(Path file) throws IOException {
        return FileBytes.read(file);
    }

    /**
     * Writes {@code document} (maps, lists, records, strings, numbers) as indented JSON, the way the harness writes its
     * own files (an enum as its {@code toString}), atomically as {@link #writeAtomically} does.
     */
    public static void writeJson(Path target, Object document) throws IOException {
        AtomicFiles.writeString(target, Json.write(document));
    }

    /**
     * Pins the calling thread to {@code cpu} and reads the affinity back, as a stagebench fork pins its measuring
     * thread.
     *
     * @return empty on success, else why it was refused
     */
    public static Optional<String> pinCurrentThread(int cpu) {
        return Affinity.pinCurrentThread(cpu);
    }

    /**
     * Chooses the measuring CPU as {@code stagebench run} does (an isolated CPU, else the highest one) and moves every
     * thread of this JVM, and so the processes it starts, off it where it can.
     */
    public static CpuPlacement placeOffMeasuringCpu() {
        MeasuringCpu placement = MeasuringCpu.choose(null);
        return new CpuPlacement(placement.cpu(), placement.serviceCpus().toString(), placement.warnings());
    }

    /**
     * @return the project a run belongs to, whose commit it records and whose {@code results/} it is stored in: the
     *     folder stagebench runs from, or the launcher's checkout when run anywhere inside it
     */
    public static Path projectHome() {
        return RunStore.projectHome();
    }
}
