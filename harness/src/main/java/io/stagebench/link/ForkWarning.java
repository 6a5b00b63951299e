package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;

/**
 * What kind of degradation a fork's warning reports, as the fork names it when it warns: the
 * launcher's console attaches the remedy by this code ({@link #fix()}), not by the warning's
 * wording. A fork result of an older build carries no codes; {@link OlderBuilds#warningCode} reads them from the
 * wording.
 */
public enum ForkWarning {
    /** The JIT compiled during measurement, or was still busy after warm-up. */
    JIT("a longer warm-up (-w), or a @Reset so warm-up replays the measured messages"),
    /** A measuring thread allocated during measurement. */
    ALLOCATION("take the allocation out of the measured code"),
    /** A collection ran during measurement. */
    GC("allocate nothing while measuring"),
    /** A measured thread is not pinned to the CPU asked for. */
    PINNING("allow sched_setaffinity, or choose a CPU with --cpu"),
    /** Another task held the measuring CPU while the fork measured (its thread waited in the run queue). */
    CPU_SHARED("stop what else runs on the measuring CPU ('stagebench check' names the busy ones), or isolate it"
            + " (isolcpus, nohz_full)"),
    /** mlockall was refused. */
    MEMORY_LOCK("raise the locked-memory limit (ulimit -l) or grant CAP_IPC_LOCK"),
    /** Anything whose remedy the warning states itself, or has none; also a code of a newer build this one does not know. */
    @JsonEnumDefaultValue
    OTHER(null);

    private final String fix;

    ForkWarning(String fix) {
        this.fix = fix;
    }

    /** @return the remedy, or null when the warning carries its own or there is none */
    public String fix() {
        return fix;
    }
}
