package io.stagebench.runner;

import io.stagebench.io.Terminal;
import java.io.PrintStream;
import java.util.List;
import java.util.Locale;
import java.util.function.LongSupplier;

/**
 * Progress of one benchmark's forks on stderr. On an interactive terminal one status line per
 * benchmark is redrawn in place (fork i/N, the fork's phase, an ETA from the forks done);
 * elsewhere (a CI log) one line per fork, when it ends. A failed fork is always printed, with
 * the last lines the fork wrote, which are otherwise not relayed.
 */
public final class ForkProgress {

    private static final String CLEAR_LINE = "\r\u001b[K";

    private final PrintStream out;
    private final Terminal terminal;
    private final String prefix;
    private final int forks;
    private final LongSupplier nanoTime;
    private long forkStartNs;
    private long forksElapsedNs;
    private int forksEnded;
    private int fork;

    /**
     * @param prefix e.g. "[run] parse"
     * @param forks  the forks planned for the benchmark
     */
    public ForkProgress(PrintStream out, Terminal terminal, String prefix, int forks, LongSupplier nanoTime) {
        this.out = out;
        this.terminal = terminal;
        this.prefix = prefix;
        this.forks = forks;
        this.nanoTime = nanoTime;
    }

    /** Fork {@code fork} (from 1) is starting. */
    public synchronized void started(int fork) {
        this.fork = fork;
        forkStartNs = nanoTime.getAsLong();
        redraw("starting a fresh JVM");
    }

    /** A line the running fork wrote to stderr: on a terminal its phase is shown, elsewhere it is dropped. */
    public synchronized void forkSaid(String line) {
        redraw(phaseOf(line));
    }

    /** The fork ended with a result. */
    public synchronized void succeeded() {
        long elapsedNs = ended();
        if (terminal.interactive()) {
            if (forksEnded == forks) {
                out.print(CLEAR_LINE + String.format(Locale.ROOT, "%s: %d fork(s) done in %.1f s%n", prefix, forks,
                        forksElapsedNs / 1e9));
            } else {
                redraw("done");
            }
        } else {
            out.printf(Locale.ROOT, "%s fork %d/%d done in %.1f s%n", prefix, fork, forks, elapsedNs / 1e9);
        }
        out.flush();
    }

    /**
     * The fork failed.
     *
     * @param failure   how, e.g. "killed by SIGKILL (exit status 137)"
     * @param lastLines the last lines it wrote to stderr
     */
    public synchronized void failed(String failure, List<String> lastLines) {
        ended();
        out.print(terminal.interactive() ? CLEAR_LINE : "");
        out.println(terminal.highlight(String.format(Locale.ROOT, "*** FAILED: %s fork %d/%d %s", prefix, fork, forks,
                failure)));
        lastLines.forEach(l -> out.println("    " + l));
        out.flush();
    }

    private long ended() {
        long elapsedNs = nanoTime.getAsLong() - forkStartNs;
        forksElapsedNs += elapsedNs;
        forksEnded++;
        return elapsedNs;
    }

    private void redraw(String phase) {
        if (!terminal.interactive()) {
            return;
        }
        String eta = forksEnded == 0 ? "" : String.format(Locale.ROOT, ", ETA %.0f s",
                Math.max(0, forksElapsedNs / (double) forksEnded * (forks - forksEnded)
                        - (nanoTime.getAsLong() - forkStartNs)) / 1e9);
        String line = String.format(Locale.ROOT, "%s fork %d/%d: %s%s", prefix, fork, forks, phase, eta);
        out.print(CLEAR_LINE + (line.length() > 119 ? line.substring(0, 119) : line));
        out.flush();
    }

    /** @return "warm-up 100000 messages" of "[parse fork 1/5] warm-up 100000 messages (+812 ms)" */
    static String phaseOf(String forkLine) {
        String phase = forkLine.startsWith("[") && forkLine.contains("] ") ? forkLine.substring(forkLine.indexOf("] ") + 2)
                : forkLine;
        int elapsed = phase.lastIndexOf(" (+");
        return elapsed > 0 && phase.endsWith(" ms)") ? phase.substring(0, elapsed) : phase;
    }
}
