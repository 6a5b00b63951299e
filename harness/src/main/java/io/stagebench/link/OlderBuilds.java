package io.stagebench.link;

import java.util.List;

/**
 * The one adapter between this build and what an older build writes or says across the link: {@code ab} and
 * {@code bisect} run forks of older commits, whose results, warnings and progress lines this launcher reads, and an
 * older launcher may run this build's forks. Every reading of an older build's file or line goes through here; the
 * records only name this class where a component may be absent.
 *
 * <p>What an older build's files lack, and how this build reads them:
 *
 * <table>
 *   <caption>absent fields</caption>
 *   <tr><th>written before</th><th>absent</th><th>read as</th></tr>
 *   <tr><td>link versions (version 1)</td><td>{@code linkVersion}</td><td>{@link LinkVersion#UNVERSIONED}</td></tr>
 *   <tr><td>batches</td><td>spec's and result's {@code batch}</td><td>1: one interval a message
 *       ({@link #atLeastOne})</td></tr>
 *   <tr><td>replicas</td><td>spec's {@code replicas}; result's {@code replicas}</td><td>1 replica; the result's
 *       figures as its one replica ({@link #replicaCount})</td></tr>
 *   <tr><td>warning codes</td><td>result's {@code warningCodes}</td><td>read from each warning's wording
 *       ({@link #warningCodes})</td></tr>
 *   <tr><td>typed progress</td><td>the progress payload's phase</td><td>read from the line's wording
 *       ({@link #progressEvent})</td></tr>
 *   <tr><td>layouts</td><td>spec's {@code addressRandomisation}; result's {@code layout}</td><td>randomised, as the
 *       kernel starts a process ({@link #randomisedUnlessSaid}); no layout</td></tr>
 *   <tr><td>tags, collectors, thread placements, stage warm-up counts, JIT events, class paths apart</td>
 *       <td>those lists</td><td>empty ({@link #emptyUnlessGiven})</td></tr>
 *   <tr><td>the read step, the measured-code check</td><td>result's {@code readStepTicks}, {@code measuredCode}</td>
 *       <td>0 and null: not recorded, and said so where shown; measured with {@link RulerMethod#READ_STEP}
 *       ({@link #rulerMethod})</td></tr>
 *   <tr><td>kept calibrations</td><td>result's {@code rateCheck}</td><td>null: the fork calibrated itself, as every
 *       fork of such a build did</td></tr>
 *   <tr><td>wall clocks</td><td>result's {@code wallClock}</td><td>null: no kernel stamp was mapped, as none
 *       could be</td></tr>
 * </table>
 *
 * A field added does not raise {@link LinkVersion#CURRENT}; a field that would be misread does, and a fork refuses a
 * spec newer than it reads ({@link LinkVersion#refusal}).
 */
public final class OlderBuilds {

    private OlderBuilds() {}

    /**
     * @param readStepTicks the result's {@code readStepTicks}: 0 when absent
     * @return the {@link RulerMethod} a result was measured with: the interval step from the build that recorded the
     *     read step beside it, the read step before
     */
    public static int rulerMethod(long readStepTicks) {
        return readStepTicks > 0 ? RulerMethod.INTERVAL_STEP : RulerMethod.READ_STEP;
    }

    /** @return {@code written}, or 1 when absent (0): a batch of one message, one replica */
    public static int atLeastOne(int written) {
        return Math.max(1, written);
    }

    /** @return an unmodifiable copy of {@code written}, empty when absent (null) */
    public static <T> List<T> emptyUnlessGiven(List<T> written) {
        return written == null ? List.of() : List.copyOf(written);
    }

    /** @return what the launcher obtained for a fork's addresses, {@link ForkLayout#RANDOMISED} when absent */
    public static String randomisedUnlessSaid(String written) {
        return written == null ? ForkLayout.RANDOMISED : written;
    }

    /** @return how many replicas a fork measured: 1 for a result from before replicas, whose list is empty */
    public static int replicaCount(List<Replica> replicas) {
        return Math.max(1, replicas.size());
    }

    /**
     * @param codes the codes the result gives, null when absent
     * @param warnings the warnings, as worded
     * @return one code per warning: the given ones, or, for a result from before codes, each read from its wording as
     *     the console read them before codes crossed the link
     */
    public static List<ForkWarning> warningCodes(List<ForkWarning> codes, List<String> warnings) {
        return codes != null && codes.size() == warnings.size()
                ? List.copyOf(codes)
                : warnings.stream().map(OlderBuilds::warningCode).toList();
    }

    /** @return the code of a warning written by a fork of a build from before codes, read from its wording */
    public static ForkWarning warningCode(String warning) {
        if (warning.contains("JIT")) {
            return ForkWarning.JIT;
        } else if (warning.contains("allocated")) {
            return ForkWarning.ALLOCATION;
        } else if (warning.contains("garbage collection")) {
            return ForkWarning.GC;
        } else if (warning.contains("pinn")) {
            return ForkWarning.PINNING;
        } else if (warning.contains("memory not locked")) {
            return ForkWarning.MEMORY_LOCK;
        }
        return ForkWarning.OTHER;
    }

    /** @return the event a progress line of a fork of a build from before typed progress stands for, by its wording */
    static ProgressEvent progressEvent(String line) {
        String phaseText = ProgressEvent.phaseOf(line);
        ProgressEvent.Phase phase = phaseText.startsWith(ProgressEvent.MEASURING_WORD)
                ? ProgressEvent.Phase.MEASURING
                : line.startsWith(ForkEntry.CANNOT_WRITE)
                        ? ProgressEvent.Phase.CANNOT_WRITE
                        : ProgressEvent.Phase.OTHER;
        return new ProgressEvent(
                phase,
                phase == ProgressEvent.Phase.CANNOT_WRITE ? line.substring(ForkEntry.CANNOT_WRITE.length()) : phaseText,
                line);
    }
}
