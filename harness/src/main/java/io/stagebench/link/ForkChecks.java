package io.stagebench.link;

import io.stagebench.json.RecordJson;
import io.stagebench.system.MeasuredCode;
import java.util.List;

/**
 * What a fork verified about its own measurement: that its measuring thread allocated nothing, no collection and no
 * compilation ran while it measured, that the measured code was C2's - and the degradations it found, as warnings. One
 * part of a {@link ForkResult}, written among its fields.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param allocatedBytes bytes the measuring thread allocated during measurement
 * @param gcCount collections during measurement
 * @param jitCompilations JIT compilations during measurement (-1: not observable)
 * @param jitEvents what the JIT compiled or deoptimised during measurement, by method (the JIT's log)
 * @param measuredCode whether the code each replica's kept pass started in was C2's, from the compile log
 *     ({@link MeasuredCode}); null when not checked
 * @param warnings degradations, printed as {@code *** WARNING:} lines
 * @param warningCodes what kind each of {@code warnings} is, one a warning ({@link ForkWarning})
 */
public record ForkChecks(
        long allocatedBytes,
        long gcCount,
        long jitCompilations,
        List<String> jitEvents,
        MeasuredCode measuredCode,
        List<String> warnings,
        List<ForkWarning> warningCodes)
        implements RecordJson.Part {

    public ForkChecks {
        jitEvents = OlderBuilds.emptyUnlessGiven(jitEvents);
        warnings = List.copyOf(warnings);
        warningCodes = OlderBuilds.warningCodes(warningCodes, warnings);
    }
}
