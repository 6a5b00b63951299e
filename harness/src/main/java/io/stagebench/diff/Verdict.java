package io.stagebench.diff;

/** What {@code stagebench diff} concludes about one statistic of one stage. */
public enum Verdict {

    /** Lower latency, and the change passed every part of the rule. */
    FASTER("faster"),
    /** Higher latency, and the change passed every part of the rule. */
    SLOWER("slower"),
    /** A test was possible and the change did not pass it: indistinguishable from noise. */
    NO_CHANGE("no change"),
    /** No test was possible: too few forks, or too few samples behind the statistic. */
    UNRELIABLE("unreliable");

    private final String label;

    Verdict(String label) {
        this.label = label;
    }

    /** @return "faster", "slower", "no change" or "unreliable" */
    public String label() {
        return label;
    }

    @Override
    public String toString() {
        return label;
    }
}
