package io.stagebench.link;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Turns on the measuring CPU for forks that are alive together: the two forks of an A/B pair start at once, and then
 * their replicas take the measuring CPU in turns, so that what the host does in a given moment lands on both sides
 * instead of on whichever fork ran then. Each replica takes two turns: one for its setup and warm-up, one for its
 * measured pass, and the two sides' measured passes follow each other directly (A1s B1s A1m B1m, then B2s A2s B2m A2m,
 * each pair of replicas in the order opposite to the pair before). What a fork does after a measured pass that the
 * other side's need not wait for - its raw files, the collection of the replica, its end - waits for its next turn.
 *
 * <pre>
 *   fork                                     launcher
 *   AWAITING_TURN "awaiting turn 1"    --->  (both sides waiting: the first turn goes to one of them)
 *                                      <---  "go\n" on the fork's stdin
 *   pins, reads the ruler, replica 1's setup and warm-up
 *   AWAITING_TURN "awaiting turn 1 measure" --->  the other side's setup turn, then this one's measure turn
 *                                      <---  "go\n"
 *   one pass again, the measured pass, its checks and teardown (its raw files wait for its next turn)
 *   AWAITING_TURN "awaiting turn 2"    --->  ...
 *   AWAITING_TURN "awaiting turn R+1"  --->  after the last measure turns: the fork's end
 *                                      <---  "go\n"
 *   the last raw files, the compile log's checks, the result written, exit --->  the last turn ended
 * </pre>
 *
 * <p>Why a turn of its own for the measured pass: on a shared host the level a pass measures moves from moment to
 * moment, and passes a fraction of a second apart differ as much as independent ones. Whole-replica turns put the two
 * sides' measured passes a setup and a warm-up apart, where they share little of the host's moment; in measure turns
 * they follow each other directly (docs/decisions.md, "Measure turns"). The pass run again at the start of a measure
 * turn brings the replica's data back into the caches the other side's turn filled with its own.
 *
 * <p>A fork of a build before {@link LinkVersion#MEASURE_TURNS} takes one turn per replica; the launcher gives each
 * side the turns it asks for, so the two kinds mix. A fork whose body runs threads of its own (a handoff) or paced
 * passes measures in its setup turn, as they would spin or wait through the other side's turn.
 *
 * <p>A waiting fork is blocked in a read of its stdin, not spinning, and its measuring thread is off the measuring CPU:
 * a turn begins when the fork reads {@link #GO} and ends when it says it awaits the next one (or exits). End of input
 * instead of {@code go} means the launcher withdrew the turns: the fork stops without measuring more.
 *
 * <p>IMPLEMENTATION NOTES: everything a fork does between its measured passes that could disturb the other side - the
 * collection of the replica before, its teardown, its raw files - happens inside its own turn; the JVM start of both
 * forks happens before the first turn is given, so no fork's start-up overlaps a measured pass.
 */
public final class Turns {

    /** The line the launcher writes to give a fork its turn. */
    public static final String GO = "go";
    /** A build whose fork can take turns holds this class: the launcher looks for it on another build's class path. */
    public static final String RESOURCE = ForkEntry.resource(Turns.class.getName());

    private static final String AWAITING = "awaiting turn ";
    private static final String MEASURE = "measure";

    private Turns() {}

    /** @return the phase text of a fork waiting for the turn of its replica {@code replica} */
    public static String awaiting(int replica) {
        return AWAITING + replica;
    }

    /** @return the phase text of a fork waiting for the turn of its replica {@code replica}'s measured pass */
    public static String awaitingMeasure(int replica) {
        return AWAITING + replica + " " + MEASURE;
    }

    /** @return the replica a waiting fork's phase text names, or -1 when the text is not {@link #awaiting}'s */
    public static int replicaAwaited(String phaseText) {
        if (!phaseText.startsWith(AWAITING)) {
            return -1;
        }
        String number = phaseText.substring(AWAITING.length()).trim();
        if (number.endsWith(MEASURE)) {
            number = number.substring(0, number.length() - MEASURE.length()).trim();
        }
        try {
            return Integer.parseInt(number);
        } catch (NumberFormatException e) {
            return -1;
        }
    }

    /** @return whether a waiting fork's phase text awaits a measure turn ({@link #awaitingMeasure}) */
    public static boolean measureAwaited(String phaseText) {
        return replicaAwaited(phaseText) > 0 && phaseText.trim().endsWith(MEASURE);
    }

    /**
     * Blocks until the launcher gives the next turn.
     *
     * @param in the fork's stdin
     * @return true when the turn is given; false when the input ended (the launcher withdrew the turns)
     * @throws IOException when the input cannot be read, or carries something else than {@link #GO}
     */
    public static boolean await(InputStream in) throws IOException {
        StringBuilder line = new StringBuilder();
        for (int b = in.read(); b != '\n'; b = in.read()) {
            if (b < 0) {
                return false;
            }
            line.append((char) b);
        }
        if (!GO.contentEquals(line)) {
            throw new IOException("a fork's stdin carries its turns, and '" + line + "' is not one");
        }
        return true;
    }

    /** Gives a fork its turn: {@link #GO} on its stdin. */
    public static void give(OutputStream forkStdin) throws IOException {
        forkStdin.write((GO + "\n").getBytes(StandardCharsets.US_ASCII));
        forkStdin.flush();
    }
}
