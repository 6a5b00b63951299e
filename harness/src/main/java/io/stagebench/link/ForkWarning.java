package io.stagebench.link;

import com.fasterxml.jackson.annotation.JsonEnumDefaultValue;
import io.stagebench.warning.Warning;

/**
 * What kind of degradation a fork's warning reports, as the fork names it when it warns: the launcher's console
 * attaches the remedy by this code ({@link #fix()}), not by the warning's wording. A fork result of an older build
 * carries no codes; {@link OlderBuilds#warningCode} reads them from the wording.
 */
public enum ForkWarning {
    /** The JIT compiled during measurement, or was still busy after warm-up. */
    JIT(Warning.JIT),
    /** A measuring thread allocated during measurement. */
    ALLOCATION(Warning.ALLOCATION),
    /** A collection ran during measurement. */
    GC(Warning.GC),
    /** A measured thread is not pinned to the CPU asked for. */
    PINNING(Warning.NOT_PINNED),
    /** Another task held the measuring CPU while the fork measured (its thread waited in the run queue). */
    CPU_SHARED(Warning.CPU_SHARED),
    /** mlockall was refused. */
    MEMORY_LOCK(Warning.MEMORY_NOT_LOCKED),
    /**
     * Anything whose remedy the warning states itself, or has none; also a code of a newer build this one does not
     * know.
     */
    @JsonEnumDefaultValue
    OTHER(null);

    private final Warning catalogued;

    ForkWarning(Warning catalogued) {
        this.catalogued = catalogued;
    }

    /** @return the remedy, the catalogue's, or null when the warning carries its own or there is none */
    public String fix() {
        return catalogued == null ? null : catalogued.fix();
    }
}
