package io.stagebench.forked;

import io.stagebench.link.ForkFiles;
import io.stagebench.link.ForkSpec;
import io.stagebench.link.ForkWarning;
import io.stagebench.link.ProfiledPasses;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import one.profiler.AsyncProfiler;

/**
 * {@code --prof}: async-profiler sampling the fork's measured passes and nothing else. It starts right before a pass
 * (after the setup, the warm-up and the harness's own checks) and stops right after, so its profile holds the measured
 * code; every pass adds to it, replayed ones too. At the fork's end it writes the collapsed stacks and a flame graph
 * beside the fork's other files. A profiler that cannot load (another OS or arch, a refusal) is a warning, and the fork
 * measures on.
 */
final class PassProfiler {

    /** The frame every sample of a measured pass has below it. */
    static final String MEASURED_PASS = "*KeptPass.measure";

    private final String event;
    private final long interval;
    private AsyncProfiler profiler;
    private boolean started;
    private long messages;
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
        try {
            if (profiler == null) {
                profiler = AsyncProfiler.getInstance();
            }
            String options = "event=" + event + ",interval=" + interval;
            if (started) {
                profiler.execute("resume," + options);
            } else {
                profiler.execute("start," + options);
                started = true;
            }
        } catch (RuntimeException | UnsatisfiedLinkError | IOException e) {
            failure = e.toString();
        }
    }

    /** Stops sampling, right after a measured pass of {@code passMessages} messages. */
    void afterPass(long passMessages) {
        if (active() && started) {
            profiler.stop();
            messages += passMessages;
        }
    }

    /**
     * Writes the profile of the fork's measured passes: {@code fork-N.collapsed} (one line a stack, its samples) and
     * {@code fork-N.flame.html}, with what a count is worth ({@code fork-N.profile.json}); or a warning when the
     * profiler did not run.
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
        // norm: a hidden class's name (a method handle's lambda form) is the same in every JVM, so two sides compare
        // the measuring thread's measured passes alone: not the compiler's threads, whose work the pass's checks
        // answer for, nor the fork's other threads
        String output = (event.equals("cpu") || event.equals("wall") ? "" : "total,") + "norm,include=" + MEASURED_PASS;
        Path collapsed = outDir.resolve(ForkFiles.profile(fork));
        Path flame = outDir.resolve(ForkFiles.flameGraph(fork));
        Files.deleteIfExists(collapsed);
        Files.deleteIfExists(flame);
        profiler.execute("collapsed," + output + ",file=" + collapsed);
        profiler.execute("flamegraph," + output + ",file=" + flame);
        ProfiledPasses.of(event, interval, messages).write(outDir.resolve(ForkFiles.profiledPasses(fork)));
    }
}
