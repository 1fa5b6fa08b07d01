package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;

/** The report's two chart kinds, drawn with {@link Svg}: grouped bars with error whiskers, and lines. */
final class Charts {

    /** Okabe-Ito colours: told apart by colour-blind readers too; lines also differ by dash for grey print. */
    private static final String[] COLORS = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
        "#F0E442", "#000000"};
    private static final String[] DASHES = {"", "7 4", "2 3", "9 3 2 3", "4 4", "12 4"};
    private static final String AXIS_COLOR = "#333333";
    private static final String GRID_COLOR = "#e3e3e3";
    private static final int LEFT = 84;
    private static final int RIGHT = 28;
    private static final int TITLE_Y = 24;
    private static final int LEGEND_LINE = 20;
    private static final int FONT = 12;

    /** One pair's bars: a value (NaN for none) and JMH's error (NaN for none) per group. */
    record BarSeries(String label, int color, List<Double> values, List<Double> errors) {
    }

    /** One pair's line: a value per x position, NaN where it has none. */
    record LineSeries(String label, int color, List<Double> values) {
    }

    private Charts() {
    }

    static String color(int index) {
        return COLORS[index % COLORS.length];
    }

    /** Grouped bars, one group per label (its lines stacked under the axis), one bar per series. */
    static String bars(String title, String xLabel, String yLabel, List<List<String>> groups, List<BarSeries> series) {
        int barWidth = series.size() > 4 ? 14 : 22;
        int groupWidth = series.size() * barWidth + 28;
        int plotWidth = Math.max(480, groups.size() * groupWidth);
        int width = LEFT + plotWidth + RIGHT;
        int labelLines = groups.stream().mapToInt(List::size).max().orElse(1);
        int top = legendTop() + legendHeight(series.stream().map(BarSeries::label).toList(), width);
        int plotHeight = 240;
        int height = top + plotHeight + 18 + labelLines * 14 + 30;

        List<Double> extents = new ArrayList<>();
        series.forEach(s -> {
            for (int i = 0; i < s.values().size(); i++) {
                double error = s.errors().get(i);
                extents.add(s.values().get(i) + (Double.isFinite(error) ? error : 0));
            }
        });
        Axis axis = Axis.of(extents, false);
        Svg svg = new Svg(width, height, title);
        frame(svg, title, yLabel, xLabel, axis, width, top, plotWidth, plotHeight, height);
        legend(svg, series.stream().map(BarSeries::label).toList(),
                series.stream().map(BarSeries::color).toList(), width, false);

        double slot = (double) plotWidth / groups.size();
        double bottom = top + plotHeight;
        for (int group = 0; group < groups.size(); group++) {
            double groupLeft = LEFT + group * slot + (slot - series.size() * barWidth) / 2;
            for (int s = 0; s < series.size(); s++) {
                double value = series.get(s).values().get(group);
                if (!Double.isFinite(value)) {
                    continue;
                }
                double x = groupLeft + s * barWidth;
                double y = bottom - Math.min(axis.fraction(value), 1) * plotHeight;
                svg.rect(x + 1, y, barWidth - 2, bottom - y, color(series.get(s).color()));
                double error = series.get(s).errors().get(group);
                if (Double.isFinite(error) && error > 0) {
                    double high = bottom - Math.min(axis.fraction(value + error), 1) * plotHeight;
                    double low = bottom - Math.max(axis.fraction(value - error), 0) * plotHeight;
                    double centre = x + barWidth / 2.0;
                    svg.line(centre, high, centre, low, AXIS_COLOR, 1.2, "")
                            .line(centre - 4, high, centre + 4, high, AXIS_COLOR, 1.2, "")
                            .line(centre - 4, low, centre + 4, low, AXIS_COLOR, 1.2, "");
                }
            }
            List<String> lines = groups.get(group);
            for (int line = 0; line < lines.size(); line++) {
                svg.text(LEFT + (group + 0.5) * slot, bottom + 18 + line * 14, lines.get(line), "middle",
                        line == 0 ? FONT : FONT - 1, "");
            }
        }
        return svg.toString();
    }

    /**
     * Lines over named x positions: percentiles at their log-ish places, or a sweep's values evenly spaced.
     *
     * @param xPositions where each x label sits, in any unit; the axis spans their range
     */
    static String lines(String title, String xLabel, String yLabel, List<String> xLabels, List<Double> xPositions,
                        List<LineSeries> series) {
        int width = 560;
        int plotWidth = width - LEFT - RIGHT;
        int top = legendTop() + legendHeight(series.stream().map(LineSeries::label).toList(), width);
        int plotHeight = 220;
        int height = top + plotHeight + 18 + 14 + 30;
        List<Double> values = new ArrayList<>();
        series.forEach(s -> values.addAll(s.values()));
        Axis axis = Axis.of(values, true);
        Svg svg = new Svg(width, height, title);
        frame(svg, title, yLabel + (axis.log() ? " (log scale)" : ""), xLabel, axis, width, top, plotWidth,
                plotHeight, height);
        legend(svg, series.stream().map(LineSeries::label).toList(),
                series.stream().map(LineSeries::color).toList(), width, true);

        double first = xPositions.get(0);
        double last = xPositions.get(xPositions.size() - 1);
        double span = last == first ? 1 : last - first;
        double inset = 24;
        double bottom = top + plotHeight;
        List<Double> xs = new ArrayList<>();
        for (int i = 0; i < xLabels.size(); i++) {
            double x = xLabels.size() == 1 ? LEFT + plotWidth / 2.0
                    : LEFT + inset + (xPositions.get(i) - first) / span * (plotWidth - 2 * inset);
            xs.add(x);
            svg.line(x, bottom, x, bottom + 5, AXIS_COLOR, 1, "")
                    .text(x, bottom + 18, xLabels.get(i), "middle", FONT, "");
        }
        for (LineSeries line : series) {
            List<double[]> points = new ArrayList<>();
            for (int i = 0; i < line.values().size(); i++) {
                double value = line.values().get(i);
                if (Double.isFinite(value)) {
                    points.add(new double[] {xs.get(i), bottom - axis.fraction(value) * plotHeight});
                }
            }
            String color = color(line.color());
            if (points.size() > 1) {
                svg.polyline(points, color, 2.2, DASHES[line.color() % DASHES.length]);
            }
            points.forEach(point -> svg.circle(point[0], point[1], 3.2, color));
        }
        return svg.toString();
    }

    /** Title, y grid and tick labels, both axes and their labels. */
    private static void frame(Svg svg, String title, String yLabel, String xLabel, Axis axis, int width, int top,
                              int plotWidth, int plotHeight, int height) {
        svg.text(width / 2.0, TITLE_Y, title, "middle", 15, "font-weight=\"bold\"");
        double bottom = top + plotHeight;
        for (double tick : axis.ticks()) {
            double y = bottom - axis.fraction(tick) * plotHeight;
            svg.line(LEFT, y, LEFT + plotWidth, y, GRID_COLOR, 1, "")
                    .text(LEFT - 6, y + 4, Format.axis(tick), "end", FONT - 1, "");
        }
        svg.line(LEFT, top, LEFT, bottom, AXIS_COLOR, 1, "")
                .line(LEFT, bottom, LEFT + plotWidth, bottom, AXIS_COLOR, 1, "");
        double middle = top + plotHeight / 2.0;
        svg.text(16, middle, yLabel, "middle", FONT, "transform=\"rotate(-90 16 " + (int) middle + ")\"");
        svg.text(LEFT + plotWidth / 2.0, height - 10, xLabel, "middle", FONT, "");
    }

    private static int legendTop() {
        return TITLE_Y + 22;
    }

    /** Legend entries flow left to right and wrap; text width is estimated, as SVG cannot measure it. */
    private static int legendHeight(List<String> labels, int width) {
        return legendRows(labels, width) * LEGEND_LINE + 12;
    }

    private static int legendRows(List<String> labels, int width) {
        int rows = 1;
        double x = LEFT;
        for (String label : labels) {
            double entry = entryWidth(label);
            if (x + entry > width - RIGHT && x > LEFT) {
                rows++;
                x = LEFT;
            }
            x += entry;
        }
        return rows;
    }

    private static double entryWidth(String label) {
        return 30 + label.length() * 7.2 + 18;
    }

    private static void legend(Svg svg, List<String> labels, List<Integer> colors, int width, boolean lines) {
        double x = LEFT;
        double y = legendTop();
        for (int i = 0; i < labels.size(); i++) {
            double entry = entryWidth(labels.get(i));
            if (x + entry > width - RIGHT && x > LEFT) {
                x = LEFT;
                y += LEGEND_LINE;
            }
            String color = color(colors.get(i));
            if (lines) {
                svg.line(x, y - 4, x + 24, y - 4, color, 2.2, DASHES[colors.get(i) % DASHES.length])
                        .circle(x + 12, y - 4, 3.2, color);
            } else {
                svg.rect(x + 6, y - 10, 12, 12, color);
            }
            svg.text(x + 30, y, labels.get(i), "start", FONT, "");
            x += entry;
        }
    }
}
