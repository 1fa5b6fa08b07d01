package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;

import java.io.IOException;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardOpenOption;
import java.time.Duration;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmSeriesTest {

    @TempDir
    Path dir;

    private static JvmSample sample(long at, JvmSample.Load load) {
        return new JvmSample(at, 100, 90, 80, 85, -1, Map.of("G1 Young Generation", new JvmSample.Collector(3, 12)),
                0, 20, 15, 1_000_000, 200_000_000, 8192, load);
    }

    @Test
    void samplesAreReadBackInOrderAsWritten() {
        Path file = dir.resolve("server.jvm.jsonl");
        JvmSample first = sample(1, null);
        JvmSample second = sample(2, new JvmSample.Load(5, 1000, 1, 0.5, 2.5, 9.0));
        try (JvmSeries series = JvmSeries.create(file)) {
            series.append(first);
            series.append(second);
        }
        assertEquals(List.of(first, second), JvmSeries.read(file));
        assertEquals(200, second.load().callsPerSecond());
    }

    @Test
    void aLastLineCutInHalfIsLeftOutAndAnEarlierBadLineIsAnError() throws IOException {
        Path file = dir.resolve("killed.jvm.jsonl");
        try (JvmSeries series = JvmSeries.create(file)) {
            series.append(sample(1, null));
        }
        Files.writeString(file, "{\"epochMillis\":2,\"heapUs", StandardCharsets.UTF_8, StandardOpenOption.APPEND);
        assertEquals(List.of(sample(1, null)), JvmSeries.read(file));

        Path broken = dir.resolve("broken.jvm.jsonl");
        Files.writeString(broken, "not a sample\n" + Files.readString(file), StandardCharsets.UTF_8);
        assertThrows(RuntimeException.class, () -> JvmSeries.read(broken));
    }

    @Test
    void lengthsOfTimeAreParsedAndWrittenInTheirLargestWholeUnit() {
        assertEquals(Duration.ofMinutes(10), Durations.parse("10m"));
        assertEquals(Duration.ofHours(50), Durations.parse("50h"));
        assertEquals(Duration.ofMillis(500), Durations.parse("500ms"));
        assertEquals("10m", Durations.format(Duration.ofSeconds(600)));
        assertEquals("90s", Durations.format(Duration.ofSeconds(90)));
        assertEquals("2h", Durations.format(Duration.ofMinutes(120)));
        assertEquals("1500ms", Durations.format(Duration.ofMillis(1500)));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("10"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("0s"));
        assertThrows(IllegalArgumentException.class, () -> Durations.parse("1d"));
    }
}
