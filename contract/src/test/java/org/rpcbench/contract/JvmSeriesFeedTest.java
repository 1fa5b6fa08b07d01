package org.rpcbench.contract;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.io.UncheckedIOException;
import java.nio.file.Path;
import java.util.List;
import java.util.Map;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

class JvmSeriesFeedTest {

    @TempDir
    Path dir;

    private static JvmSample sample(long at) {
        return new JvmSample(at, 100, 90, 80, 85, -1, Map.of("G1 Young Generation", new JvmSample.Collector(3, 12)),
                0, 20, 15, 1_000_000, 200_000_000, 8192, null);
    }

    @Test
    void aServedSeriesReadsOverHttpAsItsFileDoesAsItGrows() {
        Path file = dir.resolve("dubbo-kryo-server.jvm.jsonl");
        try (JvmSeries series = JvmSeries.create(file);
                JvmSeriesFeed feed = JvmSeriesFeed.serve(file, "127.0.0.1")) {
            assertTrue(feed.address().matches("http://127\\.0\\.0\\.1:[0-9]+" + file.toAbsolutePath()),
                    feed.address());
            assertTrue(JvmSeriesFeed.isAddress(feed.address()));
            assertEquals(List.of(), JvmSeriesFeed.read(feed.address()));
            series.append(sample(1));
            series.append(sample(2));
            assertEquals(List.of(sample(1), sample(2)), JvmSeriesFeed.read(feed.address()));
            assertEquals(JvmSeries.read(file), JvmSeriesFeed.read(feed.address()));
            assertEquals(file.toAbsolutePath().toString(), JvmSeriesFeed.fileOf(feed.address()));
        }
    }

    @Test
    void aFileIsReadAsAFileAndNamesItself() {
        Path file = dir.resolve("client.jvm.jsonl");
        try (JvmSeries series = JvmSeries.create(file)) {
            series.append(sample(1));
        }
        assertFalse(JvmSeriesFeed.isAddress(file.toString()));
        assertEquals(List.of(sample(1)), JvmSeriesFeed.read(file.toString()));
        assertEquals(file.toString(), JvmSeriesFeed.fileOf(file.toString()));
    }

    @Test
    void anotherPathAndAFeedThatIsGoneSayWhereFrom() {
        Path file = dir.resolve("server.jvm.jsonl");
        JvmSeries.create(file).close();
        String address;
        try (JvmSeriesFeed feed = JvmSeriesFeed.serve(file, "127.0.0.1")) {
            address = feed.address();
            String other = address.replace("server.jvm.jsonl", "other.jsonl");
            UncheckedIOException missing = assertThrows(UncheckedIOException.class, () -> JvmSeriesFeed.read(other));
            assertEquals("cannot read " + other + ": HTTP 404", missing.getMessage());
        }
        UncheckedIOException gone = assertThrows(UncheckedIOException.class, () -> JvmSeriesFeed.read(address));
        assertTrue(gone.getMessage().startsWith("cannot read " + address + ": "), gone.getMessage());
    }
}
