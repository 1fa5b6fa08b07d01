package org.rpcbench.client.options.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.io.IOException;
import java.time.Duration;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.CsvSource;
import org.rpcbench.client.options.ClientArgs;
import org.rpcbench.client.options.ClientOptions;

class AvailabilityOptionsTest {

    @Test
    void availabilityTakesATimeAndOneThreadCount() {
        ClientOptions options = ClientArgs.parse("--availability", "1500ms", "--threads", "4",
                "--connections", "2");
        assertEquals(Duration.ofMillis(1500), options.availability().duration());
        assertEquals(4, options.availability().threads());
        assertEquals(2, options.connections());
        assertEquals(Duration.ofSeconds(30), ClientArgs.parse("--availability", "30")
                .availability().duration());
        assertNull(ClientArgs.parse().availability());
    }

    @ParameterizedTest
    @CsvSource({
        "--measurementTime,1,option measurementTime: a JMH option, and --availability runs no JMH",
        "--forks,2,option forks: a JMH option",
        "--preset,motan,option preset: a JMH option",
        "--resultFormat,csv,option resultFormat: a JMH option",
        "--scenario,echo,option scenario: a JMH option",
        "--threads,'1,8',option threads: --availability runs one thread count",
        "--availability,500ms,option availability: 500 ms is shorter than the 1 s a recovery needs",
    })
    void availabilityRefusesWhatOnlyJmhUses(String option, String value, String expected) throws IOException {
        ClientArgs.assertUsageError(expected, "--availability".equals(option) ? new String[] {option, value}
                : new String[] {"--availability", "5", option, value});
    }
}
