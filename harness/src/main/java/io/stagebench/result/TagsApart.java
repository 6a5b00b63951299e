package io.stagebench.result;

import io.stagebench.stats.StageSummary;

/**
 * Whether a tag's distribution tells something apart from its stage's: the console shows a stage's tags only when one
 * does, as the tags that stand apart are what a reader acts on.
 */
public final class TagsApart {

    /** A tag whose p50 (or reliable p99) is this far from its stage's, and a counter step, tells something apart. */
    public static final double TAG_APART_RATIO = 0.10;

    private TagsApart() {}

    /** @return whether {@code tag}'s p50, or its p99 where reliable, is more than 10 % and a step from its stage's */
    public static boolean apart(StageSummary tag, StageSummary stage, double stepNs) {
        return apart(tag.p50Ns(), stage.p50Ns(), stepNs)
                || !tag.unreliable().contains("p99") && apart(tag.p99Ns(), stage.p99Ns(), stepNs);
    }

    private static boolean apart(double tagNs, double stageNs, double stepNs) {
        double gap = Math.abs(tagNs - stageNs);
        return gap > TAG_APART_RATIO * stageNs && gap > stepNs;
    }
}
