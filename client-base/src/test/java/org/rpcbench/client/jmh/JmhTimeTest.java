package org.rpcbench.client.jmh;

import static org.junit.jupiter.api.Assertions.assertEquals;

import org.junit.jupiter.params.ParameterizedTest;
import org.junit.jupiter.params.provider.ValueSource;
import org.openjdk.jmh.runner.options.TimeValue;
import org.rpcbench.client.options.values.JmhTime;

/** The options read a JMH time without JMH; what the client hands JMH must be what JMH itself reads there. */
class JmhTimeTest {

    @ParameterizedTest
    @ValueSource(strings = {"10", "2s", "500ms", "5us", "7ns", "1m", "1min", "2hr", "1day", " 3 s"})
    void theOptionsReadATimeAsJmhDoesAndPrintItAsJmhDoes(String text) {
        TimeValue jmh = TimeValue.fromString(text);
        TimeValue ours = JmhLoad.timeValue(JmhTime.parse(text));
        assertEquals(jmh, ours, text);
        assertEquals(jmh.toString(), JmhTime.parse(text).toString(), text);
    }
}
