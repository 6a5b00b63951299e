package io.stagebench.link;

import java.io.IOException;
import java.io.InputStream;
import java.io.OutputStream;
import java.nio.charset.StandardCharsets;

/**
 * Turns on the measuring CPU for forks that are alive together: the two forks of an A/B pair start at once, and
 * then their replicas take the measuring CPU in turns (A1 B1 B2 A2 A3 B3 ...), so that what the host does in a
 * given second lands on both sides instead of on whichever fork ran then.
 *
 * <pre>
 *   fork                                   launcher
 *   AWAITING_TURN "awaiting turn 1"  --->  (both sides waiting: the first turn goes to one of them)
 *                                    <---  "go\n" on the fork's stdin
 *   pins, reads the ruler, replica 1
 *   AWAITING_TURN "awaiting turn 2"  --->  turn 1 ended: the other side's turn
 *   ...
 *   last replica, result written, exit --->  the last turn ended
 * </pre>
 *
 * <p>A waiting fork is blocked in a read of its stdin, not spinning, and its measuring thread is off the measuring
 * CPU: a turn begins when the fork reads {@link #GO} and ends when it says it awaits the next one (or exits). End of
 * input instead of {@code go} means the launcher withdrew the turns: the fork stops without measuring more.
 *
 * <p>IMPLEMENTATION NOTES: everything a fork does between its measured passes that could disturb the other side -
 * the collection of the replica before, its teardown, its raw files - happens inside its own turn; the JVM start of
 * both forks happens before the first turn is given, so no fork's start-up overlaps a measured pass.
 */
public final class Turns {

    /** The line the launcher writes to give a fork its turn. */
    public static final String GO = "go";
    /** A build whose fork can take turns holds this class: the launcher looks for it on another build's class path. */
    public static final String RESOURCE = ForkEntry.resource(Turns.class.getName());

    private static final String AWAITING = "awaiting turn ";

    private Turns() {
    }

    /** @return the phase text of a fork waiting for the turn of its replica {@code replica} */
    public static String awaiting(int replica) {
        return AWAITING + replica;
    }

    /** @return the replica a waiting fork's phase text names, or -1 when the text is not {@link #awaiting}'s */
    public static int replicaAwaited(String phaseText) {
        if (!phaseText.startsWith(AWAITING)) {
            return -1;
        }
        try {
            return Integer.parseInt(phaseText.substring(AWAITING.length()).trim());
        } catch (NumberFormatException e) {
            return -1;
        }
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
