package io.stagebench.link;

/**
 * How a fork's ruler was read: which counter step it takes and so which probe pairs the overhead it subtracts is the
 * mean of (the pairs within 1.5 steps of the minimum). A build's forks measure with its own method, and {@code ab} or
 * {@code bisect} run an older build's forks: two runs whose forks measured with other methods subtract other overheads
 * from every stage, so part of their difference is the method's. A fork result names no method; it is read from what
 * the result records ({@link OlderBuilds#rulerMethod}).
 */
public final class RulerMethod {

    /** The step between back-to-back reads of the counter: every build before the interval step. */
    public static final int READ_STEP = 1;
    /** The step fenced intervals come in, the coarser of it and the back-to-back step: this build's. */
    public static final int INTERVAL_STEP = 2;

    private RulerMethod() {}

    /** @return the method {@code ruler} was measured with */
    public static int of(ForkRuler ruler) {
        return OlderBuilds.rulerMethod(ruler.readStepTicks());
    }

    /** @return "ruler 2 (the step intervals come in)": the method in words */
    public static String describe(int method) {
        return "ruler " + method
                + switch (method) {
                    case READ_STEP -> " (the step of back-to-back reads)";
                    case INTERVAL_STEP -> " (the step intervals come in)";
                    default -> "";
                };
    }
}
