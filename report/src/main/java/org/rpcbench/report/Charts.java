package org.rpcbench.report;

import java.util.ArrayList;
import java.util.List;
import java.util.stream.Stream;

import org.rpcbench.results.Format;

/**
 * The report's chart kinds, drawn with {@link Svg}: grouped bars with error whiskers under a nested category axis,
 * lines over named positions, and a size sweep (sizes on a log axis, the values that are no size beside it).
 */
final class Charts {

    /** Okabe-Ito colours: told apart by colour-blind readers too; lines also differ by dash for grey print. */
    private static final String[] COLORS = {"#0072B2", "#E69F00", "#009E73", "#D55E00", "#CC79A7", "#56B4E9",
        "#F0E442", "#000000"};
    private static final String[] DASHES = {"", "7 4", "2 3", "9 3 2 3", "4 4", "12 4"};
    /** Point shapes, by the same index as the colour: points that no line joins still differ in grey print. */
    private static final int SHAPES = 5;
    private static final String AXIS_COLOR = "#333333";
    private static final String GRID_COLOR = "#e3e3e3";
    private static final String MUTED_COLOR = "#666666";
    private static final int LEFT = 84;
    private static final int RIGHT = 28;
    private static final int TITLE_Y = 24;
    private static final int LEGEND_LINE = 20;
    private static final int FONT = 12;
    /** The widest plot a bar chart takes before it narrows its bars and then turns its labels. */
    private static final int MAX_BAR_PLOT = 1200;
    private static final int GROUP_GAP = 16;
    /** The angle of category labels too wide for their group: steep enough to clear the next label. */
    private static final int LABEL_ANGLE = 40;

    /** One pair's bars: a value (NaN for none) and JMH's error (NaN for none) per group. */
    record BarSeries(String label, int color, List<Double> values, List<Double> errors) {
    }

    /** One pair's line: a value per x position, NaN where it has none. */
    record LineSeries(String label, int color, List<Double> values) {
    }

    /**
     * Points of one series on two value axes, e.g. a pair's p99 against the calls/s it achieved. A point of three
     * values has an error, drawn as a whisker; a series without markers is a line alone, such as a fitted one.
     */
    record XySeries(String label, int color, int dash, List<double[]> points, boolean marked) {

        XySeries(String label, int color, int dash, List<double[]> points) {
            this(label, color, dash, points, true);
        }
    }

    /**
     * The groups of a bar chart as paths through nested categories, e.g. threads then payload.
     *
     * @param levels the name of each level, outermost first, e.g. ["threads", "payload"]
     * @param paths  per group, its label at each level, outermost first, e.g. ["8 threads", "1k"]; groups that share
     *               a prefix must be adjacent, as they share one label
     */
    record Categories(List<String> levels, List<List<String>> paths) {
    }

    private Charts() {
    }

    static String color(int index) {
        return COLORS[index % COLORS.length];
    }

    /**
     * Grouped bars, one group per category path, one bar per series. Under the axis, the innermost label of each
     * group, turned when too wide for it; each outer level below it, one label per run of groups sharing it under a
     * bracket, and faint lines between those runs. Each row of labels is named on the left.
     */
    static String bars(String title, String yLabel, Categories categories, List<BarSeries> series) {
        List<List<String>> paths = categories.paths();
        int groups = paths.size();
        int levels = categories.levels().size();
        int barWidth = Math.max(8, Math.min(series.size() > 4 ? 14 : 22,
                (int) ((MAX_BAR_PLOT / (double) groups - GROUP_GAP) / Math.max(1, series.size()))));
        double slot = series.size() * barWidth + GROUP_GAP;
        double innerWidth = paths.stream().mapToDouble(path -> textWidth(path.get(levels - 1), FONT)).max()
                .orElse(0) + 8;
        boolean turned = false;
        if (innerWidth > slot) {
            if (innerWidth * groups <= MAX_BAR_PLOT) {
                slot = innerWidth;
            } else {
                turned = true;
            }
        }
        int plotWidth = (int) Math.ceil(Math.max(480, groups * slot));
        slot = (double) plotWidth / groups;
        int width = LEFT + plotWidth + RIGHT;
        int top = legendTop() + legendHeight(series.stream().map(BarSeries::label).toList(), width);
        int plotHeight = 240;
        double sine = Math.sin(Math.toRadians(LABEL_ANGLE));
        int innerRow = turned ? (int) Math.ceil(innerWidth * sine) + 18 : 20;
        int outerRow = 30;
        int height = top + plotHeight + innerRow + (levels - 1) * outerRow + 16;

        List<Double> extents = new ArrayList<>();
        series.forEach(s -> {
            for (int i = 0; i < s.values().size(); i++) {
                double error = s.errors().get(i);
                extents.add(s.values().get(i) + (Double.isFinite(error) ? error : 0));
            }
        });
        Axis axis = Axis.of(extents, false);
        Svg svg = new Svg(width, height, title);
        frame(svg, title, yLabel, "", axis, width, top, plotWidth, plotHeight, height);
        double bottom = top + plotHeight;
        svg.line(LEFT, bottom, LEFT + plotWidth, bottom, AXIS_COLOR, 1, "");
        legend(svg, series.stream().map(BarSeries::label).toList(),
                series.stream().map(BarSeries::color).toList(), width, false);

        for (int group = 0; group < groups; group++) {
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
            double centre = LEFT + (group + 0.5) * slot;
            String label = paths.get(group).get(levels - 1);
            if (turned) {
                double y = bottom + 14;
                svg.text(centre + 4, y, label, "end", FONT, "transform=\"rotate(-" + LABEL_ANGLE + " "
                        + (int) Math.round(centre + 4) + " " + (int) Math.round(y) + ")\"");
            } else {
                svg.text(centre, bottom + 17, label, "middle", FONT, "");
            }
        }
        rowName(svg, categories.levels().get(levels - 1), bottom + (turned ? 14 : 17));

        // the outer levels, innermost first: a bracket and a label per run of groups that share the path so far
        for (int row = 1; row < levels; row++) {
            int level = levels - 1 - row;
            double bracket = bottom + innerRow + (row - 1) * outerRow + 6;
            int start = 0;
            for (int group = 1; group <= groups; group++) {
                if (group < groups && paths.get(group).subList(0, level + 1)
                        .equals(paths.get(start).subList(0, level + 1))) {
                    continue;
                }
                String label = paths.get(start).get(level);
                double left = LEFT + start * slot + 5;
                double right = LEFT + group * slot - 5;
                if (!label.isEmpty()) {
                    svg.line(left, bracket, right, bracket, MUTED_COLOR, 1, "")
                            .line(left, bracket - 5, left, bracket, MUTED_COLOR, 1, "")
                            .line(right, bracket - 5, right, bracket, MUTED_COLOR, 1, "")
                            .text((left + right) / 2, bracket + 16, fit(label, right - left + 10, FONT), "middle",
                                    FONT, "");
                }
                if (group < groups) {
                    double x = LEFT + group * slot;
                    svg.line(x, top, x, bottom, GRID_COLOR, 1, "");
                }
                start = group;
            }
            rowName(svg, categories.levels().get(level), bracket + 16);
        }
        return svg.toString();
    }

    /** A row of category labels' name, in the left margin. */
    private static void rowName(Svg svg, String name, double y) {
        svg.text(LEFT - 8, y, fit(name, LEFT - 12, FONT - 1), "end", FONT - 1,
                "fill=\"" + MUTED_COLOR + "\" font-style=\"italic\"");
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
        svg.line(LEFT, bottom, LEFT + plotWidth, bottom, AXIS_COLOR, 1, "");
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
            points.forEach(point -> marker(svg, line.color(), point[0], point[1]));
        }
        return svg.toString();
    }

    /**
     * Points on two value axes, each series' points joined in their order: a linear x axis from zero, a y axis that
     * turns logarithmic when the values span decades. Series differ by colour (with its point shape) and by dash.
     */
    static String xy(String title, String xLabel, String yLabel, List<XySeries> series) {
        int width = 640;
        int plotWidth = width - LEFT - RIGHT;
        List<String> labels = series.stream().map(XySeries::label).toList();
        int top = legendTop() + legendHeight(labels, width);
        int plotHeight = 260;
        int height = top + plotHeight + 18 + 14 + 30;
        Axis yAxis = Axis.of(series.stream().flatMap(s -> s.points().stream())
                .flatMap(point -> point.length > 2 && Double.isFinite(point[2])
                        ? Stream.of(point[1] - point[2], point[1] + point[2]) : Stream.of(point[1]))
                .toList(), true);
        Axis xAxis = Axis.of(series.stream().flatMap(s -> s.points().stream()).map(point -> point[0]).toList(),
                false);
        Svg svg = new Svg(width, height, title);
        frame(svg, title, yLabel + (yAxis.log() ? " (log scale)" : ""), xLabel, yAxis, width, top, plotWidth,
                plotHeight, height);
        double bottom = top + plotHeight;
        svg.line(LEFT, bottom, LEFT + plotWidth, bottom, AXIS_COLOR, 1, "");
        for (double tick : xAxis.ticks()) {
            double x = LEFT + xAxis.fraction(tick) * plotWidth;
            svg.line(x, bottom, x, bottom + 5, AXIS_COLOR, 1, "")
                    .text(x, bottom + 18, Format.axis(tick), "middle", FONT, "");
        }
        double legendX = LEFT;
        double legendY = legendTop();
        for (XySeries line : series) {
            double entry = entryWidth(line.label());
            if (legendX + entry > width - RIGHT && legendX > LEFT) {
                legendX = LEFT;
                legendY += LEGEND_LINE;
            }
            svg.line(legendX, legendY - 4, legendX + 24, legendY - 4, color(line.color()), 2.2,
                    DASHES[line.dash() % DASHES.length]);
            if (line.marked()) {
                marker(svg, line.color(), legendX + 12, legendY - 4);
            }
            svg.text(legendX + 30, legendY, line.label(), "start", FONT, "");
            legendX += entry;
        }
        for (XySeries line : series) {
            List<double[]> points = line.points().stream()
                    .map(point -> new double[] {LEFT + xAxis.fraction(point[0]) * plotWidth,
                        bottom - yAxis.fraction(point[1]) * plotHeight})
                    .toList();
            if (points.size() > 1) {
                svg.polyline(points, color(line.color()), 2.2, DASHES[line.dash() % DASHES.length]);
            }
            for (double[] point : line.points()) {
                if (point.length > 2 && Double.isFinite(point[2])) {
                    double x = LEFT + xAxis.fraction(point[0]) * plotWidth;
                    svg.line(x, bottom - yAxis.fraction(point[1] - point[2]) * plotHeight, x,
                            bottom - yAxis.fraction(point[1] + point[2]) * plotHeight, color(line.color()), 1.2, "");
                }
            }
            if (line.marked()) {
                points.forEach(point -> marker(svg, line.color(), point[0], point[1]));
            }
        }
        return svg.toString();
    }

    /**
     * A sweep over sizes, such as string payloads, with values that are no size beside them (objects such as
     * person or bid100). Sizes above zero lie on a log axis, joined by each series' line; a size of zero ("empty")
     * has its own place before a break in the axis; the other values stand in a panel of their own, as points that
     * no line joins, each series a little apart from the next.
     *
     * @param sizes per value its size, 0 for empty, NaN for a value that is no size
     * @param sizeCaption what the log axis measures
     * @param otherCaption what the values that are no size are
     */
    static String sizeSweep(String title, String yLabel, String sizeCaption, String otherCaption,
                            List<String> values, List<Double> sizes, List<LineSeries> series) {
        List<Integer> zero = new ArrayList<>();
        List<Integer> sized = new ArrayList<>();
        List<Integer> other = new ArrayList<>();
        for (int i = 0; i < values.size(); i++) {
            double size = sizes.get(i);
            (Double.isNaN(size) ? other : size > 0 ? sized : zero).add(i);
        }
        int zeroSlot = zero.isEmpty() ? 0 : 52;
        int breakGap = zero.isEmpty() || sized.isEmpty() ? 0 : 20;
        int otherSlot = other.stream().mapToInt(i -> (int) textWidth(values.get(i), FONT) + 16).max().orElse(0);
        otherSlot = Math.max(otherSlot, series.size() * 8 + 16);
        int panelGap = other.isEmpty() || (zero.isEmpty() && sized.isEmpty()) ? 0 : 32;
        int minSized = sized.isEmpty() ? 0 : sized.size() == 1 ? 60 : 180;
        int width = Math.max(560, LEFT + RIGHT + zeroSlot + breakGap + minSized + panelGap
                + other.size() * otherSlot);
        int plotWidth = width - LEFT - RIGHT;
        int top = legendTop() + legendHeight(series.stream().map(LineSeries::label).toList(), width);
        int plotHeight = 220;
        int height = top + plotHeight + 66;

        List<Double> all = new ArrayList<>();
        series.forEach(s -> all.addAll(s.values()));
        Axis axis = Axis.of(all, true);
        Svg svg = new Svg(width, height, title);
        frame(svg, title, yLabel + (axis.log() ? " (log scale)" : ""), "", axis, width, top, plotWidth, plotHeight,
                height);
        legend(svg, series.stream().map(LineSeries::label).toList(),
                series.stream().map(LineSeries::color).toList(), width, true);
        double bottom = top + plotHeight;

        // the regions left to right: zero, sizes, the others; what is left over widens the sizes, else the others
        double[] xs = new double[values.size()];
        double cursor = LEFT;
        double sizedWidth = sized.isEmpty() ? 0
                : plotWidth - zeroSlot - breakGap - panelGap - other.size() * otherSlot;
        if (sized.isEmpty() && !other.isEmpty()) {
            otherSlot = (plotWidth - zeroSlot - panelGap) / other.size();
        }
        if (!zero.isEmpty()) {
            zero.forEach(i -> xs[i] = LEFT + zeroSlot / 2.0);
            axisSegment(svg, cursor, cursor + zeroSlot, bottom);
            cursor += zeroSlot + breakGap;
            if (!sized.isEmpty()) {
                double middle = cursor - breakGap / 2.0;
                svg.line(middle - 6, bottom + 5, middle - 2, bottom - 5, AXIS_COLOR, 1, "")
                        .line(middle + 2, bottom + 5, middle + 6, bottom - 5, AXIS_COLOR, 1, "");
            }
        }
        if (!sized.isEmpty()) {
            double smallest = sized.stream().mapToDouble(i -> Math.log10(sizes.get(i))).min().orElseThrow();
            double largest = sized.stream().mapToDouble(i -> Math.log10(sizes.get(i))).max().orElseThrow();
            for (int i : sized) {
                xs[i] = sized.size() == 1 || largest == smallest ? cursor + sizedWidth / 2
                        : cursor + 20 + (Math.log10(sizes.get(i)) - smallest) / (largest - smallest)
                        * (sizedWidth - 40);
            }
            axisSegment(svg, cursor, cursor + sizedWidth, bottom);
            svg.text(cursor + sizedWidth / 2, bottom + 52, sizeCaption, "middle", FONT, "");
            cursor += sizedWidth;
        }
        if (!other.isEmpty()) {
            if (panelGap > 0) {
                double middle = cursor + panelGap / 2.0;
                svg.line(middle, top, middle, bottom + 40, "#bbbbbb", 1, "4 3");
                cursor += panelGap;
            }
            for (int k = 0; k < other.size(); k++) {
                xs[other.get(k)] = cursor + (k + 0.5) * otherSlot;
            }
            double otherWidth = other.size() * otherSlot;
            axisSegment(svg, cursor, cursor + otherWidth, bottom);
            svg.text(cursor + otherWidth / 2, bottom + 52, otherCaption, "middle", FONT, "");
        }
        // labels at their values, a second row for one that would run into the one before
        double previousRight = Double.NEGATIVE_INFINITY;
        boolean previousLow = false;
        for (int i = 0; i < values.size(); i++) {
            double half = textWidth(values.get(i), FONT) / 2;
            boolean low = !previousLow && xs[i] - half < previousRight + 4;
            svg.line(xs[i], bottom, xs[i], bottom + 5, AXIS_COLOR, 1, "")
                    .text(xs[i], bottom + (low ? 31 : 18), values.get(i), "middle", FONT, "");
            previousRight = xs[i] + half;
            previousLow = low;
        }

        double dodge = Math.min(7, (otherSlot - 8) / (double) Math.max(1, series.size()));
        for (int s = 0; s < series.size(); s++) {
            LineSeries line = series.get(s);
            double offset = (s - (series.size() - 1) / 2.0) * dodge;
            List<double[]> points = new ArrayList<>();
            for (int i : sized) {
                double value = line.values().get(i);
                if (Double.isFinite(value)) {
                    points.add(new double[] {xs[i], bottom - axis.fraction(value) * plotHeight});
                }
            }
            if (points.size() > 1) {
                svg.polyline(points, color(line.color()), 2.2, DASHES[line.color() % DASHES.length]);
            }
            points.forEach(point -> marker(svg, line.color(), point[0], point[1]));
            for (List<Integer> apart : List.of(zero, other)) {
                for (int i : apart) {
                    double value = line.values().get(i);
                    if (Double.isFinite(value)) {
                        marker(svg, line.color(), xs[i] + offset, bottom - axis.fraction(value) * plotHeight);
                    }
                }
            }
        }
        return svg.toString();
    }

    private static void axisSegment(Svg svg, double from, double to, double y) {
        svg.line(from, y, to, y, AXIS_COLOR, 1, "");
    }

    /** A point of series {@code index}: its colour and its shape (circle, square, diamond, triangle up or down). */
    private static void marker(Svg svg, int index, double x, double y) {
        String color = color(index);
        switch (index % SHAPES) {
            case 1 -> svg.rect(x - 3.2, y - 3.2, 6.4, 6.4, color);
            case 2 -> svg.polygon(List.of(new double[] {x, y - 4.6}, new double[] {x + 4.6, y},
                    new double[] {x, y + 4.6}, new double[] {x - 4.6, y}), color);
            case 3 -> svg.polygon(List.of(new double[] {x, y - 4.8}, new double[] {x + 4.4, y + 3.4},
                    new double[] {x - 4.4, y + 3.4}), color);
            case 4 -> svg.polygon(List.of(new double[] {x, y + 4.8}, new double[] {x + 4.4, y - 3.4},
                    new double[] {x - 4.4, y - 3.4}), color);
            default -> svg.circle(x, y, 3.4, color);
        }
    }

    /** Title, y grid and tick labels, the y axis and both axis labels (none for an empty x label). */
    private static void frame(Svg svg, String title, String yLabel, String xLabel, Axis axis, int width, int top,
                              int plotWidth, int plotHeight, int height) {
        svg.text(width / 2.0, TITLE_Y, title, "middle", 15, "font-weight=\"bold\"");
        double bottom = top + plotHeight;
        for (double tick : axis.ticks()) {
            double y = bottom - axis.fraction(tick) * plotHeight;
            svg.line(LEFT, y, LEFT + plotWidth, y, GRID_COLOR, 1, "")
                    .text(LEFT - 6, y + 4, Format.axis(tick), "end", FONT - 1, "");
        }
        svg.line(LEFT, top, LEFT, bottom, AXIS_COLOR, 1, "");
        double middle = top + plotHeight / 2.0;
        svg.text(16, middle, yLabel, "middle", FONT, "transform=\"rotate(-90 16 " + (int) middle + ")\"");
        if (!xLabel.isEmpty()) {
            svg.text(LEFT + plotWidth / 2.0, height - 10, xLabel, "middle", FONT, "");
        }
    }

    /** About how wide a text is drawn in sans-serif at this size: SVG cannot measure it. */
    static double textWidth(String text, int size) {
        return text.length() * size * 0.6;
    }

    /** The text, cut to fit the width with an ellipsis when it would not. */
    static String fit(String text, double width, int size) {
        if (textWidth(text, size) <= width) {
            return text;
        }
        int characters = Math.max(1, (int) (width / (size * 0.6)) - 1);
        return text.substring(0, Math.min(text.length(), characters)) + "…";
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
                svg.line(x, y - 4, x + 24, y - 4, color, 2.2, DASHES[colors.get(i) % DASHES.length]);
                marker(svg, colors.get(i), x + 12, y - 4);
            } else {
                svg.rect(x + 6, y - 10, 12, 12, color);
            }
            svg.text(x + 30, y, labels.get(i), "start", FONT, "");
            x += entry;
        }
    }
}
