package org.rpcbench.runner.ab;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertFalse;
import static org.junit.jupiter.api.Assertions.assertNotNull;
import static org.junit.jupiter.api.Assertions.assertTrue;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.MachineSpeed;

class MachineSpeedProbeTest {

    @Test
    void itTimesTheWorkOnEveryCpuUntilClosed() throws Exception {
        MachineSpeedProbe probe = MachineSpeedProbe.start();
        assertNotNull(probe, "this JVM reads threads' CPU clocks");
        Thread.sleep(1_500);
        probe.close();
        MachineSpeed speed = probe.record();
        int cpus = Runtime.getRuntime().availableProcessors();
        int samples = speed.seconds().stream().mapToInt(MachineSpeed.Second::samples).sum();
        // 50 a second on each thread; the first work runs in the interpreter and may take longer
        assertTrue(samples >= 20 * cpus && samples <= 80 * cpus, samples + " samples on " + cpus + " threads");
        assertTrue(speed.seconds().stream().allMatch(second -> second.meanNanos() > 0), speed.toString());
        assertTrue(speed.probe().contains(cpus + " threads"), speed.probe());
        assertTrue(speed.probe().contains("compiled by C2"), "the test's JVM has both compilers: " + speed.probe());
        Thread.sleep(100);
        assertFalse(Thread.getAllStackTraces().keySet().stream()
                .anyMatch(thread -> thread.getName().startsWith("machine-speed-probe-")), "its threads ended");
        assertEquals(samples, probe.record().seconds().stream().mapToInt(MachineSpeed.Second::samples).sum(),
                "none after");
    }
}
