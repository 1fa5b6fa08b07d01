package org.rpcbench.client.options.soak;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;

import org.junit.jupiter.api.Test;

class PayloadSizesTest {

    @Test
    void theSeedsScheduleKeepsItsIntervalInALongSoakAndATenthOfAShortOne() {
        assertEquals(Duration.ofMinutes(10), PayloadSizes.parse("random:20b-200k:10m", Duration.ofHours(50)).every());
        assertEquals(Duration.ofSeconds(6), PayloadSizes.parse("random:20b-200k:10m", Duration.ofMinutes(1)).every());
        assertTrue(PayloadSizes.parse("random:1k-1m:1m", Duration.ofHours(1)).describe()
                .startsWith("the string echo's size drawn anew every 1m from 1,024 to 1,048,576 chars"));
    }

    @Test
    void aBadScheduleSaysWhatItTakes() {
        for (String bad : List.of("random:20b-200k", "uniform:20b-200k:10m", "random:200k-20b:10m",
                "random:0b-1k:1m", "random:1k-20m:1m")) {
            IllegalArgumentException e = assertThrows(IllegalArgumentException.class,
                    () -> PayloadSizes.parse(bad, Duration.ofHours(1)), bad);
            assertTrue(e.getMessage().startsWith("'" + bad + "'"), e.getMessage());
        }
    }
}
