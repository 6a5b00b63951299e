package io.stagebench.forked;

import io.stagebench.link.ForkSpec;
import io.stagebench.link.ProgressEvent;
import io.stagebench.link.ProgressEvent.Phase;
import java.io.PrintStream;

/**
 * A fork's progress lines, on the progress stream (a fork's stdout, which its launcher reads), between phases and never
 * while measuring: each tagged with the fork and the time since it started.
 */
final class ForkProgress {

    private final PrintStream out;
    private final ForkSpec.Job job;
    private final String tag;
    private long startNs;

    ForkProgress(PrintStream out, ForkSpec.Job job) {
        this.out = out;
        this.job = job;
        this.tag = "[" + job.benchmark() + " fork " + job.fork() + "/" + job.forks() + "] ";
    }

    /** Marks the fork's start: each line after says the time since. */
    void start() {
        startNs = System.nanoTime();
    }

    /**
     * Sends a progress event: its phase as a code, and its line tagged with the fork and the time since it started; a
     * fork started by hand (no progress token) prints the line alone.
     */
    void say(Phase phase, String text) {
        ProgressEvent event =
                new ProgressEvent(phase, text, tag + text + " (+" + (System.nanoTime() - startNs) / 1_000_000 + " ms)");
        out.println(job.progressToken() == null ? event.line() : event.wire());
    }

    /** Sends what was said so far: before the fork measures, or waits on its launcher. */
    void flush() {
        out.flush();
    }
}
