package org.rpcbench.gate;

/** What the gate calls a line of a comparison: of two runs ({@link Comparison}) or of an A/B run's trials. */
public enum Verdict {
    REGRESSION("regression"),
    IMPROVEMENT("improvement"),
    WITHIN_NOISE("within noise"),
    ONLY_IN_BASELINE("only in baseline"),
    ONLY_IN_CANDIDATE("only in candidate"),
    PAIR_FAILED("pair failed"),
    /** Too few trials with both sides to estimate an interval (A/B runs only). */
    NOT_JUDGED("not judged");

    private final String text;

    Verdict(String text) {
        this.text = text;
    }

    /** Whether a line of this verdict fails the gate: worse, lost by the candidate, failed or not judged. */
    public boolean fails() {
        return this == REGRESSION || this == PAIR_FAILED || this == ONLY_IN_BASELINE || this == NOT_JUDGED;
    }

    /** As a verdict is written, in verdict.json and on a page. */
    @Override
    public String toString() {
        return text;
    }
}
