package org.rpcbench.report;

import java.util.List;
import java.util.Locale;

/**
 * A minimal SVG writer: the few shapes the charts need, every text escaped, coordinates rounded to a tenth of a
 * pixel so the output stays readable and diffs stay small.
 */
final class Svg {

    static final String NAMESPACE = "http://www.w3.org/2000/svg";
    static final String FONT = "font-family=\"sans-serif\"";

    private final StringBuilder body = new StringBuilder();
    private final int width;
    private final int height;
    private final String title;

    /** @param title the chart's accessible name, also what a browser shows on hover */
    Svg(int width, int height, String title) {
        this.width = width;
        this.height = height;
        this.title = title;
    }

    Svg rect(double x, double y, double w, double h, String fill) {
        body.append("<rect x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" width=\"").append(n(w))
                .append("\" height=\"").append(n(h)).append("\" fill=\"").append(fill).append("\"/>\n");
        return this;
    }

    Svg line(double x1, double y1, double x2, double y2, String stroke, double strokeWidth, String dash) {
        body.append("<line x1=\"").append(n(x1)).append("\" y1=\"").append(n(y1)).append("\" x2=\"").append(n(x2))
                .append("\" y2=\"").append(n(y2)).append("\" stroke=\"").append(stroke)
                .append("\" stroke-width=\"").append(n(strokeWidth)).append('"');
        dash(dash);
        body.append("/>\n");
        return this;
    }

    Svg polyline(List<double[]> points, String stroke, double strokeWidth, String dash) {
        body.append("<polyline fill=\"none\" stroke=\"").append(stroke).append("\" stroke-width=\"")
                .append(n(strokeWidth)).append('"');
        dash(dash);
        body.append(" points=\"");
        for (double[] point : points) {
            body.append(n(point[0])).append(',').append(n(point[1])).append(' ');
        }
        body.setLength(body.length() - 1);
        body.append("\"/>\n");
        return this;
    }

    Svg polygon(List<double[]> points, String fill) {
        body.append("<polygon fill=\"").append(fill).append("\" points=\"");
        for (double[] point : points) {
            body.append(n(point[0])).append(',').append(n(point[1])).append(' ');
        }
        body.setLength(body.length() - 1);
        body.append("\"/>\n");
        return this;
    }

    Svg circle(double x, double y, double r, String fill) {
        body.append("<circle cx=\"").append(n(x)).append("\" cy=\"").append(n(y)).append("\" r=\"").append(n(r))
                .append("\" fill=\"").append(fill).append("\"/>\n");
        return this;
    }

    /** A text at (x, y); {@code extra} adds attributes, such as a rotation. */
    Svg text(double x, double y, String text, String anchor, int size, String extra) {
        body.append("<text x=\"").append(n(x)).append("\" y=\"").append(n(y)).append("\" text-anchor=\"")
                .append(anchor).append("\" font-size=\"").append(size).append('"');
        if (!extra.isEmpty()) {
            body.append(' ').append(extra);
        }
        body.append('>').append(escape(text)).append("</text>\n");
        return this;
    }

    private void dash(String dash) {
        if (!dash.isEmpty()) {
            body.append(" stroke-dasharray=\"").append(dash).append('"');
        }
    }

    @Override
    public String toString() {
        return "<svg xmlns=\"" + NAMESPACE + "\" viewBox=\"0 0 " + width + " " + height + "\" width=\"" + width
                + "\" height=\"" + height + "\" role=\"img\" " + FONT + ">\n<title>" + escape(title) + "</title>\n"
                + "<rect width=\"100%\" height=\"100%\" fill=\"#ffffff\"/>\n" + body + "</svg>\n";
    }

    /** Escapes text for XML and HTML alike: element content and double-quoted attributes. */
    static String escape(String text) {
        StringBuilder escaped = new StringBuilder(text.length());
        for (char c : text.toCharArray()) {
            switch (c) {
                case '&' -> escaped.append("&amp;");
                case '<' -> escaped.append("&lt;");
                case '>' -> escaped.append("&gt;");
                case '"' -> escaped.append("&quot;");
                case '\'' -> escaped.append("&#39;");
                default -> escaped.append(c);
            }
        }
        return escaped.toString();
    }

    private static String n(double value) {
        double rounded = Math.round(value * 10) / 10.0;
        return rounded == Math.rint(rounded) ? Long.toString((long) rounded)
                : String.format(Locale.ROOT, "%.1f", rounded);
    }
}
