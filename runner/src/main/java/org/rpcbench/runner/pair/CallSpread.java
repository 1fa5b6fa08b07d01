package org.rpcbench.runner.pair;

import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.stream.Collectors;

import org.rpcbench.contract.RunRecord;

/**
 * How the calls spread over the providers, from the providers' own counters: a load balancer that sends everything
 * to one provider shows up here rather than in the throughput.
 */
public final class CallSpread {

    /** A provider serving under a third of its fair share is called out. */
    private static final double UNEVEN = 1.0 / 3;

    private CallSpread() {
    }

    /**
     * "calls per provider: 18500 51.2% (10,240), 18501 48.8% (9,760)", a warning when uneven (unless a provider was
     * stopped on purpose, which makes it so); null for one provider.
     */
    public static String describe(List<RunRecord.Provider> providers, boolean faulted) {
        if (providers.size() < 2) {
            return null;
        }
        long total = providers.stream().map(RunRecord.Provider::calls).filter(Objects::nonNull)
                .mapToLong(Long::longValue).sum();
        String spread = providers.stream()
                .map(provider -> provider.port() + " " + (provider.calls() == null ? "no count (no stop line)"
                        : String.format(Locale.ROOT, "%.1f%% (%,d)",
                                total == 0 ? 0.0 : 100.0 * provider.calls() / total, provider.calls())))
                .collect(Collectors.joining(", "));
        double fair = (double) total / providers.size();
        boolean uneven = !faulted && total > 0 && providers.stream()
                .anyMatch(provider -> provider.calls() != null && provider.calls() < fair * UNEVEN);
        return "calls per provider: " + spread
                + (uneven ? " - UNEVEN: a provider served under a third of its share" : "");
    }
}
