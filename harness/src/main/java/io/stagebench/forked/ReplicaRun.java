package io.stagebench.forked;

import io.stagebench.link.Replica;
import java.util.List;

/**
 * What one replica measured ({@link ReplicaExecution}), for the fork's result.
 *
 * @param parts the body's share, of this replica
 * @param messagesRun the messages it ran, warm-up and every pass
 * @param runsBeforeKept per stage, its runs before the kept pass; null when not counted
 * @param passes warm-up passes run, discarded passes included
 * @param loops the measured loops it ran, as the compile log names them ({@code package.Class::name})
 */
record ReplicaRun(
        Replica replica,
        ForkBody.Parts parts,
        long messagesRun,
        long markErrors,
        long sinkValue,
        int passes,
        boolean replays,
        long[] runsBeforeKept,
        List<String> jitNamed,
        List<String> loops) {}
