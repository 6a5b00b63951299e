package io.stagebench.api;

import java.util.HashSet;
import java.util.List;
import java.util.Optional;
import java.util.Set;
import java.util.regex.Pattern;

/**
 * The rules for a benchmark's {@link Benchmark#tags() tag names}, checked alike by the annotation processor (a compile
 * error on the class) and when a benchmark is loaded (a class compiled without the processor): each name is a valid
 * name ({@link Benchmark#NAME_PATTERN}, it names a series {@code stage[tag]} and its histogram file), declared once,
 * not {@value #UNTAGGED}, and there are at most {@value #MAX_TAGS} of them (a message's tag is stored in one byte).
 */
public final class TagDeclaration {

    /** Most tags a benchmark may declare: one byte a stage a message, less "untagged" and "skipped". */
    public static final int MAX_TAGS = 254;
    /** The name of the messages of a tagged stage that were given no tag (reserved). */
    public static final String UNTAGGED = "untagged";

    private static final Pattern NAME = Pattern.compile(Benchmark.NAME_PATTERN);

    private TagDeclaration() {}

    /** @return what is wrong with {@code tags} as one benchmark's declaration, in one line; empty when nothing is */
    public static Optional<String> problem(List<String> tags) {
        if (tags.size() > MAX_TAGS) {
            return Optional.of("declares " + tags.size() + " tags; at most " + MAX_TAGS
                    + " fit the byte a message's tag" + " is stored in");
        }
        Set<String> seen = new HashSet<>();
        for (String tag : tags) {
            if (tag == null || !NAME.matcher(tag).matches()) {
                return Optional.of(
                        "tag '" + tag + "' must be " + Benchmark.NAME_RULE + " (it names a series, stage[tag])");
            }
            if (UNTAGGED.equals(tag)) {
                return Optional.of(
                        "tag '" + UNTAGGED + "' is reserved for a tagged stage's messages that were given no tag");
            }
            if (!seen.add(tag)) {
                return Optional.of("declares tag '" + tag + "' twice");
            }
        }
        return Optional.empty();
    }

    /** @return the series of stage {@code stage}'s messages tagged {@code tag}: {@code stage[tag]} */
    public static String series(String stage, String tag) {
        return stage + "[" + tag + "]";
    }

    /** @return the stage of a tag's series ({@link #series}), or empty when {@code series} is no tag's */
    public static Optional<String> stageOf(String series) {
        int open = series.indexOf('[');
        return open > 0 && series.endsWith("]") ? Optional.of(series.substring(0, open)) : Optional.empty();
    }

    /** @return whether {@code series} is one of {@code stage}'s tag series ({@code stage[tag]}) */
    public static boolean isTagOf(String series, String stage) {
        return stageOf(series).filter(stage::equals).isPresent();
    }

    /**
     * @return whether {@code series} is a stage's share by tag, which {@code diff} and {@code ab} compare only when
     *     asked ({@code --tags}), rather than {@code total[tag]}: the whole of the messages the last stage tagged (a
     *     wire benchmark's tick-to-trade), a figure of its own that they always compare
     */
    public static boolean isStageShare(String series) {
        return stageOf(series).filter(stage -> !stage.equals(SeriesNames.TOTAL)).isPresent();
    }

    /** @return the tag of a tag's series ({@link #series}), or empty when {@code series} is no tag's */
    public static Optional<String> tagOf(String series) {
        return stageOf(series).map(stage -> series.substring(stage.length() + 1, series.length() - 1));
    }
}
