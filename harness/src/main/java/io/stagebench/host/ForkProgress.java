package io.stagebench.host;

import io.stagebench.io.Terminal;
import io.stagebench.link.ProgressEvent;
import java.io.PrintStream;
import java.util.HashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import java.util.OptionalInt;
import java.util.function.LongSupplier;

/**
 * Progress of one benchmark's forks on stderr, from the progress lines each fork writes. On an interactive terminal one
 * status line per benchmark is redrawn in place (fork i/N, the fork's phase, an ETA from the forks done) and left as "N
 * fork(s) done in T s"; elsewhere (a CI log) one line per fork: the fork's own line saying it has started measuring,
 * e.g. {@code [parse fork 1/5] measuring 200000 messages (back-to-back) after 400000 of warm-up (+2915 ms)}. A failed
 * fork is always printed, with the last progress lines it wrote.
 */
public final class ForkProgress {

    private static final String CLEAR_LINE = "\r\u001b[K";

    private final PrintStream out;
    private final Terminal terminal;
    private final String prefix;
    private int forks;
    private final LongSupplier nanoTime;
    private long forkStartNs;
    private long forksElapsedNs;
    private int forksEnded;
    private int fork;
    /** Each failure shown with its lines, as {@link #alike}, and the first fork that showed it. */
    private final Map<String, Integer> failedAlike = new HashMap<>();

    /**
     * @param prefix e.g. "[run] parse"
     * @param forks the forks planned for the benchmark
     */
    public ForkProgress(PrintStream out, Terminal terminal, String prefix, int forks, LongSupplier nanoTime) {
        this.out = out;
        this.terminal = terminal;
        this.prefix = prefix;
        this.forks = forks;
        this.nanoTime = nanoTime;
    }

    /** The benchmark's forks are now {@code forks}: more were planned after its first ones ended. */
    public synchronized void planned(int forks) {
        this.forks = forks;
    }

    /** Fork {@code fork} (from 1) is starting. */
    public synchronized void started(int fork) {
        this.fork = fork;
        forkStartNs = nanoTime.getAsLong();
        redraw("starting a fresh JVM");
    }

    /**
     * A progress line of the running fork: on a terminal its phase is shown; elsewhere the line saying it started
     * measuring is printed as it is, and the others are dropped.
     */
    public synchronized void forkSaid(ProgressEvent event) {
        if (terminal.interactive()) {
            redraw(event.phaseText());
        } else if (event.phase() == ProgressEvent.Phase.MEASURING) {
            out.println(event.line());
            out.flush();
        }
    }

    /** The fork ended with a result. */
    public synchronized void succeeded() {
        ended();
        if (!terminal.interactive()) {
            return;
        }
        if (forksEnded == forks) {
            out.print(CLEAR_LINE
                    + String.format(
                            Locale.ROOT, "%s: %d fork(s) done in %.1f s%n", prefix, forks, forksElapsedNs / 1e9));
        } else {
            redraw("done");
        }
        out.flush();
    }

    /**
     * The fork failed. Its lines are printed unless an earlier fork of the benchmark failed the same way with the same
     * lines (fork numbers and times aside): a benchmark that fails in its setup fails alike in every fork, and one
     * trace says it.
     *
     * @param failure how, e.g. "killed by SIGKILL (exit status 137)"
     * @param lastLines the last progress lines it wrote
     * @return the earlier fork whose failure and lines this one repeats, if any
     */
    public synchronized OptionalInt failed(String failure, List<String> lastLines) {
        ended();
        out.print(terminal.interactive() ? CLEAR_LINE : "");
        Integer first = failedAlike.putIfAbsent(alike(failure, lastLines), fork);
        if (first != null) {
            out.println(terminal.highlight(String.format(
                    Locale.ROOT,
                    "*** FAILED: %s fork %d/%d %s, the same way as" + " fork %d/%d",
                    prefix,
                    fork,
                    forks,
                    failure,
                    first,
                    forks)));
            out.flush();
            return OptionalInt.of(first);
        }
        out.println(terminal.highlight(
                String.format(Locale.ROOT, "*** FAILED: %s fork %d/%d %s", prefix, fork, forks, failure)));
        lastLines.forEach(l -> out.println("    " + l));
        out.flush();
        return OptionalInt.empty();
    }

    /**
     * @return a failure and what its fork said of it - its lines that say FAILED, else its last line, not the phases
     *     before it (which name the fork's CPU) - with the fork's number and times taken out
     */
    static String alike(String failure, List<String> lastLines) {
        List<String> said = lastLines.stream().filter(l -> l.contains("FAILED")).toList();
        List<String> failing = said.isEmpty() && !lastLines.isEmpty()
                ? lastLines.subList(lastLines.size() - 1, lastLines.size())
                : said;
        return (failure + "\n" + String.join("\n", failing))
                .replaceAll("fork[ -]\\d+(/\\d+)?", "fork")
                .replaceAll("\\(\\+\\d+ ms\\)", "");
    }

    private void ended() {
        forksElapsedNs += nanoTime.getAsLong() - forkStartNs;
        forksEnded++;
    }

    private void redraw(String phase) {
        if (!terminal.interactive()) {
            return;
        }
        // no fork has ended, so no pace to extrapolate: the time this fork has run says how far it is
        String eta = forksEnded == 0
                ? String.format(Locale.ROOT, ", %.0f s", (nanoTime.getAsLong() - forkStartNs) / 1e9)
                : String.format(
                        Locale.ROOT,
                        ", ETA %.0f s",
                        Math.max(
                                        0,
                                        forksElapsedNs / (double) forksEnded * (forks - forksEnded)
                                                - (nanoTime.getAsLong() - forkStartNs))
                                / 1e9);
        String line = String.format(Locale.ROOT, "%s fork %d/%d: %s%s", prefix, fork, forks, phase, eta);
        out.print(CLEAR_LINE + (line.length() > 119 ? line.substring(0, 119) : line));
        out.flush();
    }
}
