package io.stagebench.api;

import java.util.List;

/**
 * The names of the series a benchmark's results carry besides its stages: a stage may not take one (the processor and
 * the registry refuse it), and the launcher's results compute them.
 */
public final class SeriesNames {

    /** Name of the series summing all stages. */
    public static final String TOTAL = "total";
    /** Name of the paced-mode series measured from intended arrival. */
    public static final String RESPONSE = "response";
    /**
     * Name of a pipeline's total measured over the same messages with the inner marks disabled: begin and end reads
     * only, one probe overhead subtracted.
     */
    public static final String UNMARKED = "unmarked";
    /**
     * Name of the stage of a handoff benchmark between its threads: from the feed's publish tick to the strategy's
     * consume tick, read on two CPUs (joined offline, {@code HandoffJoin}).
     */
    public static final String HANDOFF = "handoff";
    /** Series names no stage may take. */
    public static final List<String> RESERVED = List.of(TOTAL, RESPONSE, UNMARKED);

    private SeriesNames() {}
}
