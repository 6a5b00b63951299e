package io.stagebench.store;

import com.fasterxml.jackson.annotation.JsonProperty;
import java.nio.file.Path;

/**
 * How a run's forks were paired with another run's, as {@code ab} measures them: fork i of A and fork i of B ran next
 * to each other (A first in odd pairs, B first in even ones: ABBA) on the same CPU from the same layout seed, so a
 * comparison of the two can use the pair differences. Stored in {@code summary.json} under {@code pairing}; a run
 * measured on its own has none, and {@code diff} then compares the two as independent sets of forks.
 *
 * @param side this run's side, "A" or "B"
 * @param partner the other run, as its path below the results folder: {@code <commit label>/<run id>}
 * @param design how a pair's two forks were ordered, {@value #ABBA}, {@value #ABBA_TURNS} or
 *     {@value #ABBA_MEASURE_TURNS}
 * @param looks how many times the comparison that measured the pairs could judge them (a sequential {@code ab}'s plan):
 *     its alpha was spent over that many looks, and a later {@code diff} of the two runs spends it alike, or it would
 *     call what the comparison could not; 1 for a run stored without it
 */
public record Pairing(
        @JsonProperty(required = true) String side,
        @JsonProperty(required = true) String partner,
        @JsonProperty(required = true) String design,
        int looks) {

    public Pairing {
        looks = Math.max(1, looks);
    }

    /** Fork i of each side one after the other, A B then B A for the next pair. */
    public static final String ABBA = "ABBA";
    /** The two forks of a pair alive together, their replicas taking turns A1 B1 B2 A2 ... ({@code link.Turns}). */
    public static final String ABBA_TURNS = "ABBA, replicas in turns";
    /**
     * As {@link #ABBA_TURNS}, and each replica's measured pass in a turn of its own right after the other side's (A1s
     * B1s A1m B1m ...), so the two passes share the host's moment ({@code link.Turns}).
     */
    public static final String ABBA_MEASURE_TURNS = "ABBA, replicas in turns, measured passes side by side";
    /** What a pairing means, written beside it in {@code summary.json}. */
    public static final String MEANING =
            "fork i of this run and fork i of the partner ran next to each other, from the" + " same layout seed";

    /** @return the pairing of {@code run} (side "A" or "B") with the run folder {@code partnerDir} */
    public static Pairing of(String side, Path partnerDir) {
        return of(side, partnerDir, false, false, 1);
    }

    /**
     * @param turns whether the pairs' forks were alive together and took turns ({@link #ABBA_TURNS}) or ran one after
     *     the other ({@link #ABBA})
     * @param measureTurns whether some pair's measured passes took turns of their own ({@link #ABBA_MEASURE_TURNS})
     * @param looks the most times the comparison could judge the pairs
     * @return the pairing of {@code run} (side "A" or "B") with the run folder {@code partnerDir}
     */
    public static Pairing of(String side, Path partnerDir, boolean turns, boolean measureTurns, int looks) {
        return new Pairing(
                side, idOf(partnerDir), !turns ? ABBA : measureTurns ? ABBA_MEASURE_TURNS : ABBA_TURNS, looks);
    }

    /** @return "b20d3ad313bc/20261201-115152": a run folder as {@link #partner()} names it */
    public static String idOf(Path runDir) {
        Path absolute = runDir.toAbsolutePath().normalize();
        Path parent = absolute.getParent();
        return (parent == null || parent.getFileName() == null ? "" : parent.getFileName() + "/")
                + absolute.getFileName();
    }

    /** @return whether {@code a} and {@code b} are the two sides of one paired measurement */
    public static boolean paired(StoredRun a, StoredRun b) {
        Pairing pa = a.pairing();
        Pairing pb = b.pairing();
        return pa != null
                && pb != null
                && !pa.side().equals(pb.side())
                && pa.partner().equals(idOf(b.dir()))
                && pb.partner().equals(idOf(a.dir()));
    }

    /**
     * @return the most looks the comparison that measured {@code a} and {@code b} as pairs could take; 1 when they are
     *     not the two sides of one
     */
    public static int looks(StoredRun a, StoredRun b) {
        return paired(a, b) ? Math.max(a.pairing().looks(), b.pairing().looks()) : 1;
    }

    /**
     * @return whether {@code a} and {@code b} are the two sides of one paired measurement whose pairs' forks were alive
     *     together and took turns ({@link #ABBA_TURNS}, {@link #ABBA_MEASURE_TURNS}): measured side by side in time,
     *     not one fork after the other ({@link #ABBA})
     */
    public static boolean sideBySide(StoredRun a, StoredRun b) {
        return paired(a, b)
                && !ABBA.equals(a.pairing().design())
                && !ABBA.equals(b.pairing().design());
    }

    /** @return {@value #MEANING}, written after the pairing's components and not read back */
    @JsonProperty(value = "meaning", access = JsonProperty.Access.READ_ONLY)
    public String meaning() {
        return MEANING;
    }
}
