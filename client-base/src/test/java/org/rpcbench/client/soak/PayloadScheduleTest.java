package org.rpcbench.client.soak;

import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.time.Duration;
import java.util.List;
import java.util.function.Supplier;

import org.junit.jupiter.api.Test;
import org.rpcbench.api.EchoService;
import org.rpcbench.api.WrongAnswerException;
import org.rpcbench.client.options.soak.PayloadSizes;
import org.rpcbench.contract.SoakReport;

class PayloadScheduleTest {

    private static EchoService echo(boolean honest) {
        return new EchoService() {
            @Override
            public Object echo(Object payload) {
                return honest ? payload : payload + "!";
            }

            @Override
            public int assembleRandomNumbers(String payload, int count) {
                throw new UnsupportedOperationException();
            }
        };
    }

    @Test
    void sizesAreDrawnWithinTheBoundsFromBothEndsAndEchoedAndChecked() throws InterruptedException {
        PayloadSchedule schedule = new PayloadSchedule(PayloadSizes.parse("random:20b-200k:10ms", Duration.ofHours(1)));
        schedule.start();
        Supplier<Object> call = schedule.caller(echo(true));
        for (int i = 0; i < 20; i++) {
            call.get();
            Thread.sleep(5);
        }
        schedule.stop();
        List<SoakReport.PayloadChange> changes = schedule.record().changes();
        assertTrue(changes.size() >= 5, changes.size() + " sizes");
        assertTrue(changes.stream().allMatch(change -> change.chars() >= 20 && change.chars() <= 200 * 1024));
        assertTrue(changes.stream().anyMatch(change -> change.chars() < 20 * 1024),
                "log-uniform: small strings come up too " + changes);
        assertThrows(WrongAnswerException.class, () -> schedule.caller(echo(false)).get());
    }
}
