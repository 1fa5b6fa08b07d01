package org.rpcbench.runner.pair;

import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;
import static org.junit.jupiter.api.Assertions.assertThrows;
import static org.junit.jupiter.api.Assertions.assertTrue;

import java.util.List;

import org.junit.jupiter.api.Test;
import org.rpcbench.contract.RunRecord;

class TopologyTest {

    @Test
    void parsesProvidersByConsumers() {
        assertEquals(new Topology(2, 3), Topology.parse("2x3"));
        assertTrue(Topology.parse("1x1").single());
        for (String bad : List.of("2", "2x", "x2", "0x1", "twoxtwo", "2x2x2")) {
            assertThrows(IllegalArgumentException.class, () -> Topology.parse(bad), bad);
        }
    }

    @Test
    void aTopologyTheMachineCannotHoldIsRefusedSayingWhatItNeeds() {
        long gib = 1L << 30;
        new Topology(2, 2).checkFits(2, 24 * gib);
        new Topology(4, 4).checkFits(2, 24 * gib);
        IllegalArgumentException cores = assertThrows(IllegalArgumentException.class,
                () -> new Topology(50, 50).checkFits(2, 1000 * gib));
        assertEquals("option topology: 50x50 runs 100 JVMs (and a JMH fork per consumer) on 2 cores; at most 8 fit"
                + " (4 a core)", cores.getMessage());
        IllegalArgumentException memory = assertThrows(IllegalArgumentException.class,
                () -> new Topology(8, 8).checkFits(64, 24 * gib));
        assertTrue(memory.getMessage().startsWith("option topology: 8x8 needs about 26.0 GiB for its JVMs (1.0 GiB"
                + " heap a provider, 1.5 a consumer and its fork, each and more besides); this machine has 24.0 GiB"
                + " available"), memory.getMessage());
    }

    @Test
    void anEvenSpreadIsShownAndAOneSidedOneIsCalledOut() {
        String even = CallSpread.describe(List.of(provider(18500, 5100L), provider(18501, 4900L)), false);
        assertEquals("calls per provider: 18500 51.0% (5,100), 18501 49.0% (4,900)", even);
        String oneSided = CallSpread.describe(List.of(provider(18500, 10_000L), provider(18501, 0L)), false);
        assertTrue(oneSided.endsWith("UNEVEN: a provider served under a third of its share"), oneSided);
        assertNull(CallSpread.describe(List.of(provider(18500, 10L)), false));
        String faulted = CallSpread.describe(List.of(provider(18500, 700L), provider(18501, 9_300L)), true);
        assertEquals("calls per provider: 18500 7.0% (700), 18501 93.0% (9,300)", faulted,
                "a provider stopped on purpose serves less: no warning");
    }

    private static RunRecord.Provider provider(int port, Long calls) {
        return new RunRecord.Provider(port, "out", null, null, calls);
    }
}
