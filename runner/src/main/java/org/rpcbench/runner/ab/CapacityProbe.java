package org.rpcbench.runner.ab;

import java.math.BigDecimal;
import java.math.MathContext;
import java.math.RoundingMode;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.List;
import java.util.Locale;
import java.util.Objects;
import java.util.Optional;

import org.rpcbench.contract.AbRecord;
import org.rpcbench.contract.OpenLoopReport;
import org.rpcbench.contract.RunRecord;
import org.rpcbench.runner.runall.RunLength;

/**
 * The fixed rate of ab's trials when none is given, found on the baseline before the first trial: one open-loop
 * sweep measures each call's capacity in a closed loop, and the trials run every call at a share of the lowest. One
 * rate for every call and both sides, since the two sides must meet the same load and the slowest call must keep it
 * in every trial; measured on the machine the trials run on, so a faster or slower runner needs no other setting.
 */
final class CapacityProbe {

    /** The probe's run directory beside ab.json. */
    static final String RUN = "rate-probe";
    /**
     * The probe's warmup and window per call, shorter than a trial's: a capacity a fresh JVM reaches early reads
     * low, which only leaves the trials more headroom. The first call's capacity is measured after the sweep's pass
     * has warmed every call and it has warmed once more, 25 s into the JVM: past the JIT's climb here (10-26 s); a
     * 3-s warmup, 15 s in, found existUser at 9,234 calls/s where the other calls reached 17,900-21,800, and so about
     * half the rate. Measured over 3 s, not 5: 16 s off a probe of the four calls.
     */
    private static final List<String> LENGTH = List.of("--warmup", "5", "--duration", "3");
    /** Rates are rounded down to this many significant digits, so that a run's rate reads as chosen, not measured. */
    private static final MathContext ROUNDING = new MathContext(2, RoundingMode.DOWN);

    private CapacityProbe() {
    }

    /** The probe's client options: its own length, replaced by whatever the user gave, as a trial's is. */
    static List<String> clientArgs(List<String> given) {
        return RunLength.merge(LENGTH, given);
    }

    /**
     * The trials' rate from the probe's run: {@code sharePercent} of the lowest closed-loop capacity of any call of
     * any pair, rounded down to two significant digits.
     *
     * @throws IllegalStateException naming why, when the run measured no capacity (a pair failed or did not run)
     */
    static AbRecord.RateProbe rate(Path runDirectory, int sharePercent) {
        RunRecord run = RunRecord.read(runDirectory);
        List<Capacity> capacities = new ArrayList<>();
        for (RunRecord.Pair pair : run.pairs()) {
            List<OpenLoopReport.CallResult> calls = pair.consumers() == null ? List.of() : pair.consumers().stream()
                    .map(RunRecord.Consumer::openLoop).filter(Objects::nonNull)
                    .flatMap(report -> report.calls().stream())
                    .filter(call -> call.closedLoop() != null && call.closedLoop().callsPerSecond() > 0).toList();
            if (!RunRecord.Pair.PASSED.equals(pair.status()) || calls.isEmpty()) {
                throw new IllegalStateException(pair.pair() + " " + pair.status() + " in the probe"
                        + Optional.ofNullable(pair.message()).map(why -> ": " + why).orElse(" and measured no"
                                + " capacity"));
            }
            calls.forEach(call -> capacities.add(new Capacity(pair.pair(), call.call(),
                    call.closedLoop().callsPerSecond())));
        }
        Capacity lowest = capacities.stream().min(Comparator.comparingDouble(Capacity::callsPerSecond))
                .orElseThrow(() -> new IllegalStateException("the probe ran no pair"));
        double rate = new BigDecimal(lowest.callsPerSecond() * sharePercent / 100).round(ROUNDING).doubleValue();
        if (rate < 1) {
            throw new IllegalStateException(String.format(Locale.ROOT, "%s's %s reached %.1f calls/s in the probe,"
                    + " too few for a rate", lowest.pair(), lowest.call(), lowest.callsPerSecond()));
        }
        return new AbRecord.RateProbe(RUN, lowest.call(), lowest.callsPerSecond(), sharePercent, rate);
    }

    /** A rate as the client option takes it: whole calls per second. */
    static String format(double rate) {
        return String.valueOf(Math.round(rate));
    }

    private record Capacity(String pair, String call, double callsPerSecond) {
    }
}
