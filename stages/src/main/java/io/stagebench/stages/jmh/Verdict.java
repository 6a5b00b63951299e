package io.stagebench.stages.jmh;

/** Whether a row's two figures agree. */
public enum Verdict {
    /** Within the tolerance. */
    OK,
    /** Outside the tolerance. */
    DIFF,
    /** Below {@value CrossCheck#MIN_CHECKED_NS} ns in both harnesses: shown, not checked. */
    UNCHECKED,
    /** One harness produced no figure. */
    MISSING;

    /** @return whether the row fails the crosscheck: its figures differ, or one of them is missing */
    public boolean disagrees() {
        return this == DIFF || this == MISSING;
    }
}
