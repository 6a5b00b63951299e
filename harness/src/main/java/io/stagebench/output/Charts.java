package io.stagebench.output;

import java.awt.BasicStroke;
import java.awt.Color;
import java.awt.Font;
import java.io.IOException;
import java.io.UncheckedIOException;
import java.math.BigDecimal;
import java.util.ArrayList;
import java.util.Base64;
import java.util.List;
import javax.imageio.ImageIO;
import org.HdrHistogram.Histogram;
import org.knowm.xchart.BitmapEncoder;
import org.knowm.xchart.CategoryChart;
import org.knowm.xchart.CategoryChartBuilder;
import org.knowm.xchart.CategorySeries;
import org.knowm.xchart.XYChart;
import org.knowm.xchart.XYChartBuilder;
import org.knowm.xchart.XYSeries;
import org.knowm.xchart.internal.chartpart.Chart;
import org.knowm.xchart.style.AxesChartStyler;
import org.knowm.xchart.style.Styler;
import org.knowm.xchart.style.markers.SeriesMarkers;

/**
 * The report's charts, drawn by XChart without a display ({@code java.awt.headless}) and encoded as PNG data URIs so
 * the HTML needs nothing but itself.
 *
 * <p>The latency-by-percentile chart plots x = log10(1/(1-p)), the logarithmic 1/(1-p) axis of HdrHistogram's plotter:
 * each unit is one more nine, so the tail gets as much room as the body. Whole units are labelled 90%, 99%, 99.9%,
 * 99.99%, ... Each fork is drawn as its own thin line, so the run-to-run spread is visible; the merged forks as a thick
 * black line; a dashed line marks the percentile beyond which fewer than 100 samples lie. When the max is more than
 * {@value #LOG_Y_RATIO} times the median the latency axis turns logarithmic too, so one stall does not flatten the body
 * of the distribution into the axis.
 */
public final class Charts {

    /** Points per decade of 1/(1-p), i.e. per nine. */
    static final int POINTS_PER_DECADE = 24;

    static {
        // PNGs are encoded in memory: ImageIO's file cache registers a shutdown hook, refused while the JVM stops,
        // and a run stopped by SIGINT still writes its report for the forks it keeps
        ImageIO.setUseCache(false);
    }
    /** A tail this many times the median gets a logarithmic latency axis, so the body stays visible. */
    static final double LOG_Y_RATIO = 20;
    /** Samples beyond a percentile below which it is unreliable. */
    static final int MIN_SAMPLES_BEYOND = 100;

    private static final Color[] FORK_COLORS = {
        new Color(0x1f77b4), new Color(0xff7f0e), new Color(0x2ca02c), new Color(0xd62728), new Color(0x9467bd),
        new Color(0x8c564b), new Color(0xe377c2), new Color(0x7f7f7f), new Color(0xbcbd22), new Color(0x17becf)
    };

    static {
        if (System.getProperty("java.awt.headless") == null) {
            System.setProperty("java.awt.headless", "true");
        }
    }

    private Charts() {}

    /**
     * One line of a percentile chart.
     *
     * @param label legend text
     * @param histogram its values in ns
     */
    public record Line(String label, Histogram histogram) {}

    /**
     * Draws latency by percentile.
     *
     * @param title chart title
     * @param forks one line per fork
     * @param merged all forks together
     * @return PNG bytes
     */
    public static byte[] percentiles(String title, List<Line> forks, Line merged, int width, int height) {
        Axes axes = axes(title, List.of(merged), width, height);
        XYChart chart = axes.chart();
        for (int i = 0; i < forks.size(); i++) {
            XYSeries s = addCurve(chart, forks.get(i), axes.logY());
            s.setLineColor(FORK_COLORS[i % FORK_COLORS.length]);
            s.setLineWidth(1.2f);
        }
        XYSeries all = addCurve(chart, merged, axes.logY());
        all.setLineColor(Color.BLACK);
        all.setLineWidth(2.6f);
        long count = merged.histogram().getTotalCount();
        double reliableX = Math.log10(count / (double) MIN_SAMPLES_BEYOND);
        if (reliableX > 0) {
            XYSeries limit = chart.addSeries(
                    "< 100 samples beyond (unreliable) to the right",
                    new double[] {reliableX, reliableX},
                    new double[] {axes.logY() ? 1 : 0, Math.max(1, axes.yMaxNs())});
            limit.setMarker(SeriesMarkers.NONE);
            limit.setLineColor(Color.GRAY);
            limit.setLineStyle(
                    new BasicStroke(1.2f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        }
        return png(chart);
    }

    /**
     * Draws several distributions by percentile on one chart, each its own colour: every stage of a run (the report's
     * overview), or one stage of two runs (a comparison).
     *
     * @param title chart title
     * @param lines the distributions, in legend order
     * @return PNG bytes
     */
    public static byte[] overlay(String title, List<Line> lines, int width, int height) {
        Axes axes = axes(title, lines, width, height);
        for (int i = 0; i < lines.size(); i++) {
            XYSeries s = addCurve(axes.chart(), lines.get(i), axes.logY());
            s.setLineColor(FORK_COLORS[i % FORK_COLORS.length]);
            s.setLineWidth(2.0f);
        }
        return png(axes.chart());
    }

    /** A percentile chart's axes, before its lines. */
    private record Axes(XYChart chart, boolean logY, double yMaxNs) {}

    /**
     * The log 1/(1-p) axis up to the largest count's nines; the latency axis logarithmic when the largest max is more
     * than {@value #LOG_Y_RATIO} times the smallest median.
     */
    private static Axes axes(String title, List<Line> lines, int width, int height) {
        double yMax = lines.stream()
                .mapToDouble(l -> l.histogram().getMaxValue())
                .max()
                .orElse(1);
        double median = lines.stream()
                .mapToDouble(l -> l.histogram().getValueAtPercentile(50))
                .min()
                .orElse(1);
        long count = lines.stream()
                .mapToLong(l -> l.histogram().getTotalCount())
                .max()
                .orElse(10);
        boolean logY = yMax > LOG_Y_RATIO * Math.max(1, median);
        XYChart chart = new XYChartBuilder()
                .width(width)
                .height(height)
                .title(title)
                .xAxisTitle("percentile (axis: log10 of 1/(1-p))")
                .yAxisTitle(logY ? "latency ns (log; below 1 ns drawn at 1)" : "latency ns")
                .build();
        style(chart.getStyler());
        if (logY) {
            chart.getStyler().setYAxisLogarithmic(true);
        } else {
            chart.getStyler().setYAxisMin(0.0);
        }
        chart.getStyler().setxAxisTickLabelsFormattingFunction(Charts::percentileLabel);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        chart.getStyler().setXAxisMin(0.0);
        chart.getStyler().setXAxisMax(Math.max(1, Math.ceil(Math.log10(Math.max(10, count)))));
        return new Axes(chart, logY, yMax);
    }

    /**
     * Draws p50 and p99 of one series across stored runs.
     *
     * @param title chart title
     * @param labels one per run, oldest first
     * @param p50Ns medians
     * @param p99Ns 99th percentiles
     * @return PNG bytes
     */
    public static byte[] history(
            String title, List<String> labels, double[] p50Ns, double[] p99Ns, int width, int height) {
        CategoryChart chart = new CategoryChartBuilder()
                .width(width)
                .height(height)
                .title(title)
                .xAxisTitle("run (commit, oldest first)")
                .yAxisTitle("latency ns")
                .build();
        style(chart.getStyler());
        chart.getStyler().setDefaultSeriesRenderStyle(CategorySeries.CategorySeriesRenderStyle.Line);
        chart.getStyler().setOverlapped(true);
        chart.getStyler().setXAxisLabelRotation(labels.size() > 3 ? 30 : 0);
        chart.getStyler().setYAxisMin(0.0);
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        CategorySeries p50 = chart.addSeries("p50", labels, boxed(p50Ns));
        p50.setLineColor(FORK_COLORS[0]);
        p50.setMarkerColor(FORK_COLORS[0]);
        p50.setMarker(SeriesMarkers.CIRCLE);
        CategorySeries p99 = chart.addSeries("p99", labels, boxed(p99Ns));
        p99.setLineColor(FORK_COLORS[3]);
        p99.setMarkerColor(FORK_COLORS[3]);
        p99.setMarker(SeriesMarkers.DIAMOND);
        return png(chart);
    }

    /**
     * A change point on a trend chart.
     *
     * @param index the point (0-based) where the new level starts
     * @param label legend text: its commit and subject
     */
    public record Mark(int index, String label) {}

    /**
     * Draws one series across commits, numbered 1 .. n on the x axis: each fork's value as a point, the commits' values
     * (the median of their forks) as a line, and each change point as a dashed vertical line between the last commit of
     * the old level and the first of the new.
     *
     * @param labels one per commit, oldest first (their count sets the axis)
     * @param forksNs per commit, its forks' values
     * @param valueNs per commit, its value
     * @param marks the change points
     * @return PNG bytes
     */
    public static byte[] trend(
            String title,
            List<String> labels,
            List<double[]> forksNs,
            double[] valueNs,
            List<Mark> marks,
            int width,
            int height) {
        XYChart chart = new XYChartBuilder()
                .width(width)
                .height(height)
                .title(title)
                .xAxisTitle("commit # (first parent, oldest first; the table below names each)")
                .yAxisTitle("ns")
                .build();
        style(chart.getStyler());
        chart.getStyler().setYAxisDecimalPattern("#,##0.#");
        chart.getStyler().setXAxisMin(0.5);
        chart.getStyler().setXAxisMax(labels.size() + 0.5);
        chart.getStyler().setXAxisDecimalPattern("#");
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        double lo = Double.POSITIVE_INFINITY;
        double hi = Double.NEGATIVE_INFINITY;
        for (int i = 0; i < forksNs.size(); i++) {
            for (double v : forksNs.get(i)) {
                xs.add(i + 1.0);
                ys.add(v);
                lo = Math.min(lo, v);
                hi = Math.max(hi, v);
            }
        }
        XYSeries forks = chart.addSeries("each fork", xs, ys);
        forks.setXYSeriesRenderStyle(XYSeries.XYSeriesRenderStyle.Scatter);
        forks.setMarker(SeriesMarkers.CIRCLE);
        forks.setMarkerColor(new Color(0x1f77b4));
        double[] x = new double[valueNs.length];
        for (int i = 0; i < x.length; i++) {
            x[i] = i + 1.0;
        }
        XYSeries centre = chart.addSeries("value: median of the forks", x, valueNs);
        centre.setLineColor(Color.BLACK);
        centre.setMarker(SeriesMarkers.NONE);
        centre.setLineWidth(2.0f);
        double pad = Math.max(1, (hi - lo) * 0.05);
        for (int m = 0; m < marks.size(); m++) {
            double at = marks.get(m).index() + 0.5;
            XYSeries line =
                    chart.addSeries(marks.get(m).label(), new double[] {at, at}, new double[] {lo - pad, hi + pad});
            line.setMarker(SeriesMarkers.NONE);
            line.setLineColor(FORK_COLORS[3 + m % (FORK_COLORS.length - 3)]);
            line.setLineStyle(
                    new BasicStroke(1.6f, BasicStroke.CAP_BUTT, BasicStroke.JOIN_MITER, 10f, new float[] {6f, 4f}, 0f));
        }
        return png(chart);
    }

    private static List<Double> boxed(double[] values) {
        List<Double> out = new ArrayList<>(values.length);
        for (double v : values) {
            out.add(v);
        }
        return out;
    }

    /** @return {@code data:image/png;base64,...} */
    public static String dataUri(byte[] png) {
        return "data:image/png;base64," + Base64.getEncoder().encodeToString(png);
    }

    /** @return the label of a tick at x = log10(1/(1-p)): 0 is "0%", 1 "90%", 2 "99%", 3 "99.9%", ... */
    static String percentileLabel(double x) {
        long nines = Math.round(x);
        if (Math.abs(x - nines) > 1e-6 || nines < 0) {
            return "";
        }
        return new BigDecimal(100)
                        .subtract(BigDecimal.ONE.scaleByPowerOfTen(2 - (int) nines))
                        .stripTrailingZeros()
                        .toPlainString()
                + "%";
    }

    private static XYSeries addCurve(XYChart chart, Line line, boolean logY) {
        Histogram h = line.histogram();
        long n = h.getTotalCount();
        List<Double> xs = new ArrayList<>();
        List<Double> ys = new ArrayList<>();
        double lastX = Math.log10(Math.max(1, n));
        int points = (int) Math.floor(lastX * POINTS_PER_DECADE);
        for (int k = 0; k <= points; k++) {
            double x = k / (double) POINTS_PER_DECADE;
            double p = 1 - Math.pow(10, -x);
            xs.add(x);
            ys.add(plotted(h.getValueAtPercentile(100 * p), logY));
        }
        xs.add(lastX);
        ys.add(plotted(h.getMaxValue(), logY));
        XYSeries series = chart.addSeries(line.label(), xs, ys);
        series.setMarker(SeriesMarkers.NONE);
        return series;
    }

    private static double plotted(long valueNs, boolean logY) {
        return logY ? Math.max(1, valueNs) : valueNs;
    }

    private static void style(AxesChartStyler styler) {
        styler.setChartBackgroundColor(Color.WHITE);
        styler.setPlotBackgroundColor(Color.WHITE);
        // beside the plot, not on it: a legend inside covers the low-percentile end of the curves
        styler.setLegendPosition(Styler.LegendPosition.OutsideS);
        styler.setLegendFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
        styler.setChartTitleFont(new Font(Font.SANS_SERIF, Font.BOLD, 14));
        styler.setAntiAlias(true);
        styler.setPlotGridLinesColor(new Color(0xdddddd));
        styler.setAxisTickLabelsFont(new Font(Font.SANS_SERIF, Font.PLAIN, 11));
    }

    private static byte[] png(Chart<?, ?> chart) {
        try {
            return BitmapEncoder.getBitmapBytes(chart, BitmapEncoder.BitmapFormat.PNG);
        } catch (IOException e) {
            throw new UncheckedIOException("cannot encode chart '" + chart.getTitle() + "' as PNG", e);
        }
    }
}
