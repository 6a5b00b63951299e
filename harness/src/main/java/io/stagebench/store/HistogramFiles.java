package io.stagebench.store;

import io.stagebench.io.AtomicFiles;
import io.stagebench.stats.Distribution;
import io.stagebench.stats.LatencyHistograms;
import java.io.ByteArrayInputStream;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.PrintStream;
import java.nio.ByteBuffer;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.NoSuchFileException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Locale;
import java.util.Map;
import org.HdrHistogram.EncodableHistogram;
import org.HdrHistogram.Histogram;
import org.HdrHistogram.HistogramLogReader;
import org.HdrHistogram.HistogramLogWriter;

/**
 * One series' HdrHistogram files, in HdrHistogram's own formats so its tools read them:
 *
 * <ul>
 *   <li>{@code <stage>.hlog} - a histogram log (format 1.3) with one interval per fork, tagged {@code fork-N} and
 *       stamped with the fork's measurement window in seconds since the log's base time (the run's start), then one
 *       untagged interval holding all forks merged, spanning the first fork's start to the last fork's end. In
 *       HdrHistogram's model each tag is its own stream: the default (untagged) stream is the whole run, each
 *       {@code fork-N} stream one fork. Values are integer nanoseconds ({@link LatencyHistograms}); the interval max
 *       column is in milliseconds ({@link #INTERVAL_MAX_UNIT_RATIO}), as {@code HistogramLogWriter} writes it by
 *       default and HdrHistogram's tools read it. {@code HistogramLogProcessor -i <stage>.hlog -outputValueUnitRatio 1}
 *       prints the merged distribution in ns ({@code 1000}: us; the default, 1000000, ms) and {@code -tag fork-2} one
 *       fork. A stage whose messages were tagged ({@code Stamps.tag}) has, last, one interval per tag, all forks
 *       merged, tagged {@code tag=NAME}: {@code -tag tag=add} prints the stage's add messages alone (each tag also has
 *       a series of its own, {@code <stage>[NAME].hlog}, with its forks). Summing every interval regardless of tag
 *       counts each sample twice or more.
 *   <li>{@code <stage>.hgrm} - the merged histogram's percentile distribution ({@code outputPercentileDistribution}
 *       with a value unit ratio of 1: ns), readable by HdrHistogram's plotter, with the exact max and the fork count as
 *       a closing {@code #[stagebench ...]} line.
 * </ul>
 *
 * Both are written atomically.
 */
public final class HistogramFiles {

    /** Nanoseconds per unit of a log's interval max column: milliseconds, HdrHistogram's default. */
    public static final double INTERVAL_MAX_UNIT_RATIO = 1_000_000.0;

    /** Tag prefix of a fork's interval in a log. */
    public static final String FORK_TAG_PREFIX = "fork-";
    /** Tag prefix of a message tag's interval (all forks merged) in its stage's log. */
    public static final String MESSAGE_TAG_PREFIX = "tag=";

    private HistogramFiles() {}

    /**
     * One fork's samples of a series.
     *
     * @param fork fork number
     * @param distribution its exact samples in ns
     * @param startEpochMs when its measurement started (0: unknown)
     * @param endEpochMs when it ended (0: unknown)
     */
    public record ForkSeries(int fork, Distribution distribution, long startEpochMs, long endEpochMs) {}

    /**
     * A log read back.
     *
     * @param forks the forks' intervals, one per fork, in file order
     * @param merged the untagged interval: all forks merged
     * @param tags message tag name to its interval, all forks merged ({@value #MESSAGE_TAG_PREFIX}NAME), in file order
     */
    public record Log(List<Histogram> forks, Histogram merged, Map<String, Histogram> tags) {

        public Log {
            forks = List.copyOf(forks);
            tags = Collections.unmodifiableMap(new LinkedHashMap<>(tags));
        }

        /** @return the fork number of interval {@code i}, from its tag; -1 when untagged */
        public int forkOf(int i) {
            String tag = forks.get(i).getTag();
            if (tag == null || !tag.startsWith(FORK_TAG_PREFIX)) {
                return -1;
            }
            try {
                return Integer.parseInt(tag.substring(FORK_TAG_PREFIX.length()));
            } catch (NumberFormatException e) {
                return -1;
            }
        }
    }

    /**
     * Writes the log and the percentile distribution of one series.
     *
     * @param hlog target log file
     * @param hgrm target percentile-distribution file
     * @param benchmark benchmark name, for the header
     * @param series series name, for the header
     * @param forks the forks' samples, in fork order
     * @param baseEpochMs the log's start and base time: the run's start
     * @param exactMaxNs the exact maximum of the merged samples
     */
    public static void write(
            Path hlog,
            Path hgrm,
            String benchmark,
            String series,
            List<ForkSeries> forks,
            long baseEpochMs,
            double exactMaxNs)
            throws IOException {
        write(hlog, hgrm, benchmark, series, forks, Map.of(), baseEpochMs, exactMaxNs);
    }

    /**
     * Writes the log and the percentile distribution of one stage whose messages were tagged.
     *
     * @param tags message tag name to its samples, all forks merged, in the order to write them
     * @see #write(Path, Path, String, String, List, long, double)
     */
    public static void write(
            Path hlog,
            Path hgrm,
            String benchmark,
            String series,
            List<ForkSeries> forks,
            Map<String, Distribution> tags,
            long baseEpochMs,
            double exactMaxNs)
            throws IOException {
        List<Histogram> histograms = new ArrayList<>();
        Histogram merged;
        ByteArrayOutputStream logBytes = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(logBytes, false, StandardCharsets.UTF_8)) {
            HistogramLogWriter writer = new HistogramLogWriter(out);
            writer.outputComment("stagebench latency log: benchmark " + benchmark + ", series " + series
                    + "; values in integer nanoseconds (rounded to nearest), "
                    + LatencyHistograms.SIGNIFICANT_DIGITS + " significant digits; interval max in ms;"
                    + " HistogramLogProcessor -outputValueUnitRatio 1 prints ns, 1000 us");
            writer.outputComment("one interval per fork, tagged fork-N, then one untagged interval: all forks merged"
                    + " (each tag is its own stream; do not sum across tags)");
            if (!tags.isEmpty()) {
                writer.outputComment("then one interval per message tag, all forks merged, tagged tag=NAME: "
                        + String.join(", ", tags.keySet()));
            }
            writer.outputComment(
                    String.format(Locale.ROOT, "exact max %.3f ns over %d fork(s)", exactMaxNs, forks.size()));
            writer.outputLogFormatVersion();
            writer.outputStartTime(baseEpochMs);
            writer.setBaseTime(baseEpochMs);
            writer.outputBaseTime(baseEpochMs);
            writer.outputLegend();
            long firstStart = Long.MAX_VALUE;
            long lastEnd = baseEpochMs;
            for (ForkSeries fork : forks) {
                Histogram histogram = LatencyHistograms.of(fork.distribution());
                histogram.setTag(FORK_TAG_PREFIX + fork.fork());
                long start = fork.startEpochMs() > 0 ? fork.startEpochMs() : baseEpochMs;
                long end = Math.max(start, fork.endEpochMs() > 0 ? fork.endEpochMs() : start);
                writer.outputIntervalHistogram(
                        (start - baseEpochMs) / 1000.0,
                        (end - baseEpochMs) / 1000.0,
                        histogram,
                        INTERVAL_MAX_UNIT_RATIO);
                histograms.add(histogram);
                firstStart = Math.min(firstStart, start);
                lastEnd = Math.max(lastEnd, end);
            }
            merged = LatencyHistograms.merge(histograms);
            firstStart = Math.min(firstStart, lastEnd);
            writer.outputIntervalHistogram(
                    (firstStart - baseEpochMs) / 1000.0,
                    (lastEnd - baseEpochMs) / 1000.0,
                    merged,
                    INTERVAL_MAX_UNIT_RATIO);
            for (Map.Entry<String, Distribution> tag : tags.entrySet()) {
                Histogram histogram = LatencyHistograms.of(tag.getValue());
                histogram.setTag(MESSAGE_TAG_PREFIX + tag.getKey());
                writer.outputIntervalHistogram(
                        (firstStart - baseEpochMs) / 1000.0,
                        (lastEnd - baseEpochMs) / 1000.0,
                        histogram,
                        INTERVAL_MAX_UNIT_RATIO);
            }
        }
        AtomicFiles.write(hlog, ByteBuffer.wrap(logBytes.toByteArray()));

        ByteArrayOutputStream grm = new ByteArrayOutputStream();
        try (PrintStream out = new PrintStream(grm, false, StandardCharsets.UTF_8)) {
            merged.outputPercentileDistribution(out, 1.0);
            out.printf(
                    Locale.ROOT,
                    "#[stagebench: benchmark %s, series %s, values in ns, exact max %.3f ns, %d fork(s) merged]%n",
                    benchmark,
                    series,
                    exactMaxNs,
                    forks.size());
        }
        AtomicFiles.write(hgrm, ByteBuffer.wrap(grm.toByteArray()));
    }

    /**
     * Reads a log back with HdrHistogram's own reader.
     *
     * @throws IOException naming the file and what is wrong with it
     */
    public static Log read(Path hlog) throws IOException {
        byte[] bytes;
        try {
            bytes = Files.readAllBytes(hlog);
        } catch (NoSuchFileException e) {
            throw new IOException(hlog + ": missing (named in summary.json)");
        }
        List<Histogram> forks = new ArrayList<>();
        List<Histogram> untagged = new ArrayList<>();
        Map<String, Histogram> tags = new LinkedHashMap<>();
        int interval = 0;
        try (HistogramLogReader reader = new HistogramLogReader(new ByteArrayInputStream(bytes))) {
            EncodableHistogram next;
            while ((next = reader.nextIntervalHistogram()) != null) {
                interval++;
                if (!(next instanceof Histogram histogram)) {
                    throw new IOException(hlog + ": interval " + interval + " is a "
                            + next.getClass().getSimpleName() + ", expected an integer Histogram");
                }
                String tag = histogram.getTag();
                if (tag != null && tag.startsWith(MESSAGE_TAG_PREFIX)) {
                    tags.put(tag.substring(MESSAGE_TAG_PREFIX.length()), histogram);
                } else {
                    (tag == null ? untagged : forks).add(histogram);
                }
            }
        } catch (RuntimeException e) {
            throw new IOException(
                    hlog + ": corrupt HdrHistogram log at interval " + (interval + 1) + " (" + rootMessage(e) + ")", e);
        }
        if (untagged.size() != 1) {
            throw new IOException(hlog + ": expected one untagged interval (all forks merged) after the fork intervals,"
                    + " found " + untagged.size() + " - truncated, or not written by stagebench");
        }
        Histogram merged = untagged.get(0);
        long forkSamples = 0;
        for (Histogram fork : forks) {
            forkSamples += fork.getTotalCount();
        }
        if (forks.isEmpty() || forkSamples != merged.getTotalCount()) {
            throw new IOException(hlog + ": the " + forks.size() + " fork interval(s) hold " + forkSamples
                    + " samples but the merged interval holds " + merged.getTotalCount() + " (truncated or corrupt)");
        }
        return new Log(forks, merged, tags);
    }

    private static String rootMessage(Throwable e) {
        Throwable cause = e;
        while (cause.getCause() != null && cause.getCause() != cause) {
            cause = cause.getCause();
        }
        return cause.getMessage() != null
                ? cause.getClass().getSimpleName() + ": " + cause.getMessage()
                : cause.getClass().getSimpleName();
    }
}
