package org.rpcbench.client.availability;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.nio.file.Path;
import java.time.Duration;
import java.util.Arrays;
import java.util.List;

import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.Timeout;
import org.junit.jupiter.api.io.TempDir;
import org.rpcbench.api.User;
import org.rpcbench.contract.AvailabilityReport;
import org.rpcbench.contract.RecordFiles;
import org.rpcbench.server.UserServiceServerImpl;

/** The load loop over the server's own UserService in-process: no network, so only the counting is tested here. */
@Timeout(30)
class AvailabilityLoopTest {

    @Test
    void everyCorrectAnswerCountsAsOkInTheBucketItCompletedIn() throws InterruptedException {
        AvailabilityReport report = new AvailabilityLoop(new UserServiceServerImpl(), 2,
                Duration.ofMillis(1500), 1000, null).run();
        assertTrue(report.ok() > 0);
        assertEquals(0, report.failed());
        assertEquals(0, report.wrong());
        assertEquals(report.ok(), Arrays.stream(report.timeline().ok()).sum());
        // the calls in flight at the deadline complete in the bucket after it
        assertTrue(report.timeline().buckets() >= 15, "buckets: " + report.timeline().buckets());
        assertTrue(report.okInLastSecond() > 0);
        assertTrue(report.passed(), report.problem());
        assertNull(report.firstFailureMillis());
        assertTrue(report.failures().isEmpty());
    }

    @Test
    void exceptionsAreCountedByClassAndWrongAnswersFailTheRun() throws InterruptedException {
        UserServiceServerImpl broken = new UserServiceServerImpl() {
            @Override
            public boolean existUser(String email) {
                throw new IllegalStateException("no provider, email " + email);
            }

            @Override
            public User getUser(long id) {
                return super.getUser(id + 1);
            }
        };
        AvailabilityReport report = new AvailabilityLoop(broken, 1, Duration.ofMillis(1000), 1000, null).run();
        assertTrue(report.ok() > 0 && report.failed() > 0 && report.wrong() > 0, report.summary());
        List<AvailabilityReport.Failure> failures = report.failures();
        assertEquals(1, failures.size());
        assertEquals(IllegalStateException.class.getName(), failures.get(0).exception());
        assertEquals(report.failed(), failures.get(0).count());
        assertTrue(failures.get(0).firstMessage().startsWith("no provider, email "), failures.get(0).firstMessage());
        assertNull(failures.get(0).rootCause());
        assertTrue(report.firstFailureMillis() <= report.lastFailureMillis());
        assertTrue(report.firstWrongAnswer().startsWith("getUser("), report.firstWrongAnswer());
        assertTrue(report.disturbance().disturbed());
        assertFalse(report.passed());
        assertTrue(report.problem().contains("broke the contract"), report.problem());
    }

    @Test
    void theJsonReadsBackAndAlignsAWallClockTime(@TempDir Path directory) throws InterruptedException {
        AvailabilityReport report = new AvailabilityLoop(new UserServiceServerImpl(), 1,
                Duration.ofMillis(1000), 1000, null).run();
        Path file = directory.resolve("results/availability.json");
        RecordFiles.write(file, report);
        AvailabilityReport read = RecordFiles.read(file, AvailabilityReport.class);
        assertEquals(report.startEpochMillis(), read.startEpochMillis());
        assertEquals(report.ok(), read.ok());
        assertEquals(report.disturbance(), read.disturbance());
        assertEquals(report.okPerSecond(), read.okPerSecond());
        assertTrue(Arrays.equals(report.timeline().ok(), read.timeline().ok()));
        assertEquals(1234, read.offsetMillis(read.startEpochMillis() + 1234));
    }
}
