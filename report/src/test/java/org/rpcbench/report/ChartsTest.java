package org.rpcbench.report;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.List;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

import org.junit.jupiter.api.BeforeAll;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.results.Fixtures;

/** The charts as drawn: where their labels, lines and points land, read back from the SVG. */
class ChartsTest {

    private static final Pattern TEXT = Pattern.compile(
            "<text x=\"([-0-9.]+)\" y=\"([-0-9.]+)\" text-anchor=\"(\\w+)\" font-size=\"(\\d+)\""
                    + "([^>]*)>([^<]*)</text>");
    private static final Pattern POLYLINE = Pattern.compile("<polyline [^>]*points=\"([^\"]*)\"");
    private static final Pattern RECT = Pattern.compile("<rect x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"([-0-9.]+)\"");
    private static final List<String> PAYLOADS = List.of("empty", "1k", "200k", "1m", "person", "bid100",
            "personMap");

    /** A run of echo at empty, 1k, 200k and 1m strings and three objects, at 1 and 8 threads, four pairs. */
    private static String html;

    @BeforeAll
    static void report(@TempDir Path out) throws IOException {
        ReportTool.Result result = ReportTool.cli("report", "--out", out.toString(), Fixtures.arg("payloads"));
        assertEquals(0, result.exitCode(), result.err());
        html = Files.readString(out.resolve("report.html"), StandardCharsets.UTF_8);
    }

    record Text(double x, double y, String anchor, int size, String extra, String text) {

        boolean turned() {
            return extra.contains("rotate(");
        }

        double left() {
            double width = Charts.textWidth(text, size);
            return anchor.equals("middle") ? x - width / 2 : anchor.equals("end") ? x - width : x;
        }

        double right() {
            return left() + Charts.textWidth(text, size);
        }
    }

    private static List<Text> texts(String svg) {
        List<Text> texts = new ArrayList<>();
        Matcher matcher = TEXT.matcher(svg);
        while (matcher.find()) {
            texts.add(new Text(Double.parseDouble(matcher.group(1)), Double.parseDouble(matcher.group(2)),
                    matcher.group(3), Integer.parseInt(matcher.group(4)), matcher.group(5), matcher.group(6)));
        }
        return texts;
    }

    private static Text text(String svg, String label) {
        List<Text> found = texts(svg).stream().filter(text -> text.text().equals(label)).toList();
        assertEquals(1, found.size(), "one text " + label + " in " + svg);
        return found.get(0);
    }

    private static List<List<double[]>> polylines(String svg) {
        List<List<double[]>> lines = new ArrayList<>();
        Matcher matcher = POLYLINE.matcher(svg);
        while (matcher.find()) {
            List<double[]> points = new ArrayList<>();
            for (String point : matcher.group(1).split(" ")) {
                String[] xy = point.split(",");
                points.add(new double[] {Double.parseDouble(xy[0]), Double.parseDouble(xy[1])});
            }
            lines.add(points);
        }
        return lines;
    }

    /** The SVG element whose title is {@code title}. */
    static String chart(String html, String title) {
        int titleAt = html.indexOf("<title>" + title + "</title>");
        assertTrue(titleAt > 0, "no chart " + title);
        int start = html.lastIndexOf("<svg ", titleAt);
        return html.substring(start, html.indexOf("</svg>", titleAt));
    }

    /** The texts of one row under the plot, in x order. */
    private static List<Text> row(List<Text> texts, double y) {
        return texts.stream().filter(text -> text.y() == y && text.x() > 84)
                .sorted((a, b) -> Double.compare(a.x(), b.x())).toList();
    }

    private static void assertApart(List<Text> row) {
        for (int i = 1; i < row.size(); i++) {
            assertTrue(row.get(i - 1).right() + 2 <= row.get(i).left(),
                    row.get(i - 1).text() + " runs into " + row.get(i).text() + ": " + row);
        }
    }

    @Test
    void throughputChartNestsPayloadsUnderThreadCountsWithLabelsThatDoNotOverlap() {
        String svg = chart(html, "Throughput per call (EchoBenchmark)");
        List<Text> texts = texts(svg);

        // the innermost row: each payload's bare value, in size order then the objects, once per thread count
        double payloadRow = text(svg, "payload").y();
        List<Text> payloads = row(texts, payloadRow);
        List<String> expected = new ArrayList<>(PAYLOADS);
        expected.addAll(PAYLOADS);
        assertEquals(expected, payloads.stream().map(Text::text).toList());
        assertFalse(svg.contains("payload=") || svg.contains(">echo</text>"), "no repeated prefix: " + svg);
        assertTrue(payloads.stream().noneMatch(Text::turned));
        assertApart(payloads);
        // each label fits in its group: 14 groups across the plot
        double slot = (payloads.get(7).x() - payloads.get(0).x()) / 7;
        assertTrue(payloads.stream().allMatch(t -> Charts.textWidth(t.text(), t.size()) < slot), "slot " + slot);

        // the outer row: one label per thread count, centred under its seven payloads, named on the left
        double threadsRow = text(svg, "threads").y();
        assertTrue(threadsRow > payloadRow);
        List<Text> threads = row(texts, threadsRow);
        assertEquals(List.of("1 thread", "8 threads"), threads.stream().map(Text::text).toList());
        assertEquals((payloads.get(0).x() + payloads.get(6).x()) / 2, threads.get(0).x(), 1);
        assertEquals((payloads.get(7).x() + payloads.get(13).x()) / 2, threads.get(1).x(), 1);
        assertEquals("end", text(svg, "payload").anchor());
        assertTrue(text(svg, "payload").x() < 84 && text(svg, "threads").x() < 84, "row names in the left margin");

        // the chart fits a report page: bars narrow before the chart grows past 1,200 px of plot
        Matcher width = Pattern.compile("viewBox=\"0 0 (\\d+) ").matcher(svg);
        assertTrue(width.find());
        assertTrue(Integer.parseInt(width.group(1)) <= 84 + 1200 + 28, svg.substring(0, 200));
    }

    @Test
    void labelsTooWideForTheirGroupTurn() {
        List<List<String>> paths = new ArrayList<>();
        List<Double> values = new ArrayList<>();
        for (String threads : List.of("1 thread", "10 threads", "20 threads", "50 threads")) {
            for (String payload : List.of("empty", "person", "1k", "5k", "10k", "20k", "30k", "personMap")) {
                paths.add(List.of(threads, payload));
                values.add(1.0);
            }
        }
        List<Charts.BarSeries> series = new ArrayList<>();
        for (int pair = 0; pair < 4; pair++) {
            series.add(new Charts.BarSeries("pair" + pair, pair, values, Collections.nCopies(values.size(),
                    Double.NaN)));
        }
        String svg = Charts.bars("Throughput", "TPS", new Charts.Categories(List.of("threads", "payload"), paths),
                series);

        List<Text> payloads = texts(svg).stream().filter(text -> text.text().equals("personMap")).toList();
        assertEquals(4, payloads.size());
        assertTrue(payloads.stream().allMatch(Text::turned), svg);
        assertTrue(payloads.get(0).extra().contains("rotate(-40 "), payloads.get(0).extra());
        // the thread counts sit below the turned labels: personMap turned reaches about 0.64 x its width down
        double lowest = payloads.get(0).y() + Charts.textWidth("personMap", 12) * Math.sin(Math.toRadians(40));
        assertTrue(texts(svg).stream().filter(text -> text.text().equals("1 thread")).findFirst().orElseThrow().y()
                > lowest, svg);
        // the bars narrowed to fit, no narrower than 8 px
        Matcher bar = RECT.matcher(svg.substring(svg.indexOf("</text>", svg.indexOf(">pair3</text>"))));
        assertTrue(bar.find());
        assertEquals(6, Double.parseDouble(bar.group(1)), 0.01, "an 8 px bar drawn 6 px wide");
    }

    @Test
    void payloadSweepPutsStringsOnALogSizeAxisAndObjectsApart() {
        for (String metric : List.of("throughput", "p99")) {
            String svg = chart(html, "echo: " + metric + " vs payload (1 thread)");
            double empty = text(svg, "empty").x();
            double k1 = text(svg, "1k").x();
            double k200 = text(svg, "200k").x();
            double m1 = text(svg, "1m").x();
            double person = text(svg, "person").x();
            double bid100 = text(svg, "bid100").x();
            double personMap = text(svg, "personMap").x();

            // strings by length on a log axis: 1k to 200k is log(200) / log(5.12) times 200k to 1m
            assertTrue(empty < k1 && k1 < k200 && k200 < m1, svg);
            assertEquals(Math.log(200) / Math.log(5.12), (k200 - k1) / (m1 - k200), 0.02);
            // the objects stand apart, after the strings, evenly
            assertTrue(m1 < person && person < bid100 && bid100 < personMap, svg);
            assertEquals(bid100 - person, personMap - bid100, 0.5);
            assertTrue(svg.contains(">string payload, by length (log scale)</text>"), svg);
            assertTrue(svg.contains(">object payloads</text>"), svg);

            // one line per pair, through the three sized strings only: neither empty nor the objects are joined
            List<List<double[]>> lines = polylines(svg);
            assertEquals(4, lines.size(), svg);
            for (List<double[]> line : lines) {
                assertEquals(List.of(k1, k200, m1), line.stream().map(point -> point[0]).toList(), svg);
            }
            // yet every pair has a point at empty and at each object: 4 pairs x 7 payloads, plus the legend's 4
            long points = Pattern.compile("<(circle|polygon|rect x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"6.4\")")
                    .matcher(svg).results().count();
            assertEquals(4 * PAYLOADS.size() + 4, points, svg);
        }
    }

    @Test
    void sizeSweepOfObjectsOnlyOrOfEmptyAndOneSizeJoinsNothing() {
        List<Charts.LineSeries> series = List.of(new Charts.LineSeries("a", 0, List.of(2.0, 3.0)),
                new Charts.LineSeries("b", 1, List.of(2.5, Double.NaN)));
        String objects = Charts.sizeSweep("objects", "TPS", "size", "objects", List.of("person", "bid"),
                List.of(Double.NaN, Double.NaN), series);
        String emptyAndOne = Charts.sizeSweep("strings", "TPS", "size", "objects", List.of("empty", "1k"),
                List.of(0.0, 1024.0), series);

        for (String svg : List.of(objects, emptyAndOne)) {
            assertTrue(polylines(svg).isEmpty(), svg);
            // three points, and the legend's two
            assertEquals(5, Pattern.compile("<(circle|rect x=\"[-0-9.]+\" y=\"[-0-9.]+\" width=\"6.4\")")
                    .matcher(svg).results().count(), svg);
        }
        assertTrue(text(objects, "person").x() < text(objects, "bid").x());
        assertTrue(text(emptyAndOne, "empty").x() < text(emptyAndOne, "1k").x());
        assertFalse(objects.contains(">size</text>"), "no size axis without sizes");
    }

    @Test
    void threadSweepsStayLines() {
        for (String payload : PAYLOADS) {
            String svg = chart(html, "echo: throughput vs threads (payload=" + payload + ")");
            List<List<double[]>> lines = polylines(svg);

            assertEquals(4, lines.size(), svg);
            double one = text(svg, "1").x();
            double eight = text(svg, "8").x();
            lines.forEach(line -> assertEquals(List.of(one, eight), line.stream().map(point -> point[0]).toList()));
        }
    }
}
