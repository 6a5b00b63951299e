package io.stagebench.forked;

import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.ProfiledPasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.time.Duration;
import java.time.Instant;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.Set;
import java.util.function.ToLongFunction;
import java.util.regex.Pattern;
import jdk.jfr.Recording;
import jdk.jfr.consumer.RecordedEvent;
import one.profiler.AsyncProfiler;

/**
 * {@code --prof}: a profiler sampling the fork's measured passes and nothing else. async-profiler starts right before a
 * pass (after the setup, the warm-up and the harness's own checks) and stops right after, so its profile holds the
 * measured code; every pass adds to it, replayed ones too. Where async-profiler cannot load (another OS or arch, a
 * refusal, or {@value #PROFILER_PROPERTY}{@code =jfr}), the JDK's flight recorder records from the first measured pass
 * on and only the stacks under a measured pass, within a pass's time, are kept: Java frames only, so a native clock
 * read is not in it. At the fork's end it writes the collapsed stacks, and async-profiler a flame graph, beside the
 * fork's other files; a warning says when the recorder stood in, or when neither ran, and the fork measures on.
 */
final class PassProfiler {

    /** The frame every sample of a measured pass has below it on the measuring thread. */
    static final String MEASURED_PASS = "*KeptPass.measure";
    /** The frame a handoff's strategy thread measures under, during the measuring thread's pass. */
    static final String STRATEGY_LOOP = "*HandoffLoop.strategy";

    /** The system property that chooses the flight recorder over async-profiler: {@code jfr}. */
    static final String PROFILER_PROPERTY = "stagebench.profiler";

    private static final Pattern IN_MEASURED_PASS =
            Pattern.compile(".*/forked/(KeptPass\\.measure|HandoffLoop\\.strategy)");

    private final String event;
    private final long interval;
    private AsyncProfiler profiler;
    private Recording recording;
    private boolean started;
    private long messages;
    /** The flight recorder's measured passes, from and to: it records on between them, and keeps only these. */
    private final List<Instant[]> passes = new ArrayList<>();

    private Instant passStart;
    private String refusal;
    private String failure;

    private PassProfiler(String event, long interval) {
        this.event = event;
        this.interval = interval;
    }

    /** @return the profiler the spec asks for, one that does nothing when it asks for none */
    static PassProfiler of(ForkSpec.Measurement plan) {
        return new PassProfiler(plan.profile(), plan.profileInterval());
    }

    private boolean active() {
        return event != null && failure == null;
    }

    /** Starts (or resumes) sampling, right before a measured pass. */
    void beforePass() {
        if (!active()) {
            return;
        }
        if (recording != null) {
            passStart = Instant.now();
            return;
        }
        try {
            if (profiler == null && refusal == null) {
                profiler = asyncProfiler();
            }
            if (profiler == null) {
                recording = flightRecording(event, interval);
                recording.start();
                started = true;
                passStart = Instant.now();
                return;
            }
            String options = options(event, interval);
            profiler.execute((started ? "resume," : "start,") + options);
            started = true;
        } catch (RuntimeException | IOException | UnsatisfiedLinkError e) {
            failure = (refusal != null ? refusal + "; nor JFR: " : "") + e;
            if (recording != null) {
                recording.close();
                recording = null;
            }
        }
    }

    /**
     * @return async-profiler's options for {@code event} every {@code interval}: its allocation and lock events take
     *     their own option ({@code alloc=BYTES}, {@code lock=NS}), not {@code interval}, which they ignore
     */
    static String options(String event, long interval) {
        return switch (event) {
            case "alloc" -> "alloc=" + interval;
            case "lock" -> "lock=" + interval;
            default -> "event=" + event + ",interval=" + interval;
        };
    }

    /** @return async-profiler, or null with the reason in {@link #refusal} when it cannot load or is not wanted */
    private AsyncProfiler asyncProfiler() {
        try {
            return load();
        } catch (RuntimeException | UnsatisfiedLinkError e) {
            refusal = e.getMessage() != null ? e.getMessage() : e.toString();
            return null;
        }
    }

    /**
     * @return async-profiler, loaded
     * @throws IllegalStateException when {@value #PROFILER_PROPERTY} asks for the flight recorder
     * @throws UnsatisfiedLinkError when its library cannot load here
     */
    static AsyncProfiler load() {
        if ("jfr".equals(System.getProperty(PROFILER_PROPERTY))) {
            throw new IllegalStateException("-D" + PROFILER_PROPERTY + "=jfr");
        }
        return AsyncProfiler.getInstance();
    }

    /** Stops sampling, right after a measured pass of {@code passMessages} messages. */
    void afterPass(long passMessages) {
        if (active() && started) {
            if (profiler != null) {
                profiler.stop();
            } else {
                passes.add(new Instant[] {passStart, Instant.now()});
            }
            messages += passMessages;
        }
    }

    /**
     * Writes the profile of the fork's measured passes: {@code fork-N.collapsed} (one line a stack, its samples), with
     * what a count is worth ({@code fork-N.profile.json}) and, from async-profiler, {@code fork-N.flame.html}; or a
     * warning when no profiler ran.
     */
    void finish(Path outDir, int fork, Warnings warnings) throws IOException {
        if (event == null) {
            return;
        }
        if (failure != null || !started) {
            warnings.add(
                    ForkWarning.OTHER,
                    "--prof " + event + ": async-profiler did not run ("
                            + (failure != null ? failure : "no measured pass")
                            + "); fix: a Linux or macOS machine on x64 or"
                            + " arm64, and perf_event_paranoid 2 or lower for cpu");
            return;
        }
        Path collapsed = outDir.resolve(ForkFiles.profile(fork));
        Path flame = outDir.resolve(ForkFiles.flameGraph(fork));
        Files.deleteIfExists(collapsed);
        Files.deleteIfExists(flame);
        if (recording != null) {
            writeRecorded(collapsed);
            warnings.add(
                    ForkWarning.OTHER,
                    "--prof " + event + ": async-profiler could not load (" + refusal
                            + "), so JFR profiled the measured"
                            + " passes instead: Java frames only, no fork's own flame graph; fix: a Linux or macOS machine on x64"
                            + " or arm64");
        } else {
            // norm: a hidden class's name (a method handle's lambda form) is the same in every JVM, so two sides
            // compare; the measured passes alone, the measuring thread's and a handoff's strategy thread's: not the
            // compiler's threads, whose work the pass's checks answer for, nor the fork's other threads
            String output = (event.equals("cpu") || event.equals("wall") ? "" : "total,") + "norm,include="
                    + MEASURED_PASS + ",include=" + STRATEGY_LOOP;
            profiler.execute("collapsed," + output + ",file=" + collapsed);
            profiler.execute("flamegraph," + output + ",file=" + flame);
        }
        ProfiledPasses.of(event, interval, messages).write(outDir.resolve(ForkFiles.profiledPasses(fork)));
    }

    /** Writes the flight recording's stacks under a measured pass as collapsed stacks, weighed as async-profiler's. */
    private void writeRecorded(Path collapsed) throws IOException {
        recording.stop();
        Path file = Files.createTempFile("stagebench-prof", ".jfr");
        try {
            recording.dump(file);
            recording.close();
            ToLongFunction<RecordedEvent> weight = switch (event) {
                case "alloc" -> JfrStacks::allocatedBytes;
                case "lock" -> e -> e.getDuration().toNanos();
                default -> e -> 1;
            };
            Map<String, Long> stacks = JfrStacks.read(
                    file,
                    e -> recordedEvents(event).contains(e.getEventType().getName()) && inAPass(e.getStartTime()),
                    IN_MEASURED_PASS,
                    weight,
                    false,
                    event.equals("alloc") ? JfrStacks::allocatedType : null);
            List<String> lines = new ArrayList<>();
            stacks.forEach((stack, count) -> lines.add(stack + " " + count));
            Files.write(collapsed, lines);
        } finally {
            Files.deleteIfExists(file);
        }
    }

    private boolean inAPass(Instant at) {
        for (Instant[] pass : passes) {
            if (!at.isBefore(pass[0]) && !at.isAfter(pass[1])) {
                return true;
            }
        }
        return false;
    }

    /** @return the flight recorder's events that stand for async-profiler's {@code event} */
    static Set<String> recordedEvents(String event) {
        return switch (event) {
            case "alloc" -> JfrStacks.ALLOCATIONS;
            case "lock" -> Set.of("jdk.JavaMonitorEnter", "jdk.ThreadPark");
            case "wall" -> Set.of("jdk.ExecutionSample", "jdk.NativeMethodSample");
            default -> Set.of("jdk.ExecutionSample");
        };
    }

    /** @return a flight recording of {@code event}'s stand-ins, sampling every {@code intervalNs} where it samples */
    private static Recording flightRecording(String event, long intervalNs) {
        Recording recording = new Recording();
        for (String name : recordedEvents(event)) {
            recording
                    .enable(name)
                    .withStackTrace()
                    .withPeriod(Duration.ofNanos(intervalNs))
                    .withThreshold(Duration.ZERO);
        }
        return recording;
    }
}
