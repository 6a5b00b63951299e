package io.stagebench.host;

import io.stagebench.link.ProgressEvent;
import io.stagebench.link.Turns;
import java.io.IOException;
import java.io.OutputStream;
import java.util.ArrayList;
import java.util.List;
import java.util.concurrent.CompletableFuture;
import java.util.concurrent.ExecutionException;
import java.util.concurrent.LinkedBlockingQueue;
import java.util.concurrent.atomic.AtomicLong;

/**
 * The two forks of an A/B pair alive together, their replicas taking turns on the measuring CPU ({@link Turns}): both
 * forks start, and once both wait for their first turn each replica's setup turns go first and its measure turns after
 * them, A1s B1s A1m B1m B2s A2s B2m A2m ... (ABBA, each pair of replicas in the order opposite to the pair before it),
 * and each fork's end (its last files, its result) in a turn after the last ones (B2end A2end), so that the two sides'
 * measured passes follow each other and what the host does in that moment lands on both. A fork of a build whose
 * replica is one turn (before {@link io.stagebench.link.LinkVersion#MEASURE_TURNS}) takes its whole replica in its
 * setup turn's place (A1 B1s B1m ...). A waiting fork is blocked, not spinning, and off the measuring CPU. A side whose
 * fork ended early (a crash, a timeout) loses its remaining turns; the other side takes its own.
 *
 * <p>IMPLEMENTATION NOTES: a turn ends when its fork says it awaits the next one, or when it exits (its last turn spans
 * writing its result). Each fork's launch runs on a thread of its own, since a launch returns only when its fork has
 * exited; the turns are given from the calling thread.
 */
final class PairTurns {

    /** A fork of a pair as the turns see it: its stdin, the turns it awaits, the time it waited. */
    static final class Side {
        private static final Awaited EXITED = new Awaited(-1, false);

        private final String name;
        private final CompletableFuture<OutputStream> stdin = new CompletableFuture<>();
        private final LinkedBlockingQueue<Awaited> awaited = new LinkedBlockingQueue<>();
        private final AtomicLong waitedNs = new AtomicLong();
        private volatile long waitingSinceNs;
        private boolean alive = true;
        /** What the fork awaits now, once {@link #nextWait} returned true. */
        private Awaited next = EXITED;

        Side(String name) {
            this.name = name;
        }

        /** The fork's stdin, handed over by its launcher once it started. */
        void attach(OutputStream forkStdin) {
            stdin.complete(forkStdin);
        }

        /** A progress event of the fork: a wait for a turn is what the turns act on. */
        void said(ProgressEvent event) {
            if (event.phase() == ProgressEvent.Phase.AWAITING_TURN) {
                int replica = Turns.replicaAwaited(event.phaseText());
                if (replica > 0) {
                    waitingSinceNs = System.nanoTime();
                    awaited.add(new Awaited(replica, Turns.measureAwaited(event.phaseText())));
                }
            }
        }

        /** The fork has ended, however it ended. */
        void exited() {
            awaited.add(EXITED);
        }

        /** @return how long the fork waited for its turns, in ms: time it spent alive but not measuring */
        long waitedMs() {
            return waitedNs.get() / 1_000_000;
        }

        /** Waits for the fork's next event; false when it has exited instead of awaiting a turn. */
        private boolean nextWait() throws InterruptedException {
            if (alive) {
                next = awaited.take();
                alive = next != EXITED;
            }
            return alive;
        }

        /** @return whether the fork awaits the measure turn of {@code replica} */
        private boolean awaitsMeasure(int replica) {
            return alive && next.measure() && next.replica() == replica;
        }

        /** @return whether the fork, its {@code replicas} replicas measured, awaits the turn of its end */
        private boolean awaitsEnd(int replicas) {
            return alive && !next.measure() && next.replica() == replicas + 1;
        }

        /** Gives the fork its turn and waits for the turn's end; false when the fork ended instead of waiting again. */
        private boolean takeTurn() throws InterruptedException {
            if (!alive) {
                return false;
            }
            try {
                OutputStream out = stdin.get();
                waitedNs.addAndGet(System.nanoTime() - waitingSinceNs);
                Turns.give(out);
            } catch (IOException | ExecutionException e) {
                // its stdin is gone: the fork has ended, and its exit is on its way
            }
            return nextWait();
        }

        private void withdraw() {
            stdin.thenAccept(out -> {
                try {
                    out.close();
                } catch (IOException e) {
                    // the fork has ended already
                }
            });
        }
    }

    /** What a waiting fork awaits: a replica's setup turn (its whole, for an older build), or its measure turn. */
    private record Awaited(int replica, boolean measure) {}

    /**
     * One turn as it was given.
     *
     * @param side "A" or "B"
     * @param replica the replica it measured, from 1
     * @param startEpochMs when the fork was given it
     * @param endEpochMs when it ended
     * @param part {@link #SETUP}, {@link #MEASURE}, {@link #END}, or {@link #REPLICA} for a whole replica in one turn
     */
    record Turn(String side, int replica, long startEpochMs, long endEpochMs, String part) {
        /** A replica's setup and warm-up. */
        static final String SETUP = "setup";
        /** A replica's measured pass (after one pass again), its checks and teardown. */
        static final String MEASURE = "measure";
        /** A whole replica: a fork of a build before measure turns, or one that measures in its setup turn. */
        static final String REPLICA = "replica";
        /** After its last measure turn, a fork's end: its last raw files, its compile log's checks, its result. */
        static final String END = "end";

        @Override
        public String toString() {
            String suffix = part.equals(SETUP) ? "s" : part.equals(MEASURE) ? "m" : "";
            return side + (part.equals(END) ? "end" : replica + suffix);
        }
    }

    /** One side's launch: runs its fork to the end, its turns through {@code side}. */
    @FunctionalInterface
    interface Launch {
        void run(Side side) throws IOException;
    }

    private PairTurns() {}

    /**
     * Runs both forks of a pair alive together, taking turns.
     *
     * @param replicas the replicas each fork measures
     * @param aFirst whether A takes the first turn (the ABBA order then follows)
     * @return the turns in the order they were given
     * @throws IOException what a side's launch threw (a result that cannot be written); a {@link RuntimeException} it
     *     threw (a refused benchmark) is rethrown as it is; the other side still ran to its end first
     */
    static List<Turn> run(int replicas, boolean aFirst, Launch a, Launch b) throws IOException {
        Side sideA = new Side("A");
        Side sideB = new Side("B");
        CompletableFuture<Void> launchA = start(a, sideA);
        CompletableFuture<Void> launchB = start(b, sideB);
        List<Turn> turns = new ArrayList<>();
        try {
            // both forks started and waiting before any measures: neither's start-up overlaps a measured pass
            sideA.nextWait();
            sideB.nextWait();
            for (int replica = 1; replica <= replicas; replica++) {
                boolean aNow = aFirst == (replica % 2 == 1);
                List<Side> order = aNow ? List.of(sideA, sideB) : List.of(sideB, sideA);
                for (Side side : order) {
                    if (side.alive) {
                        long startMs = System.currentTimeMillis();
                        side.takeTurn();
                        turns.add(new Turn(
                                side.name,
                                replica,
                                startMs,
                                System.currentTimeMillis(),
                                side.awaitsMeasure(replica) ? Turn.SETUP : Turn.REPLICA));
                    }
                }
                // the measured passes one right after the other, in the same order as the setups
                for (Side side : order) {
                    if (side.awaitsMeasure(replica)) {
                        long startMs = System.currentTimeMillis();
                        side.takeTurn();
                        turns.add(new Turn(side.name, replica, startMs, System.currentTimeMillis(), Turn.MEASURE));
                    }
                }
            }
            // a fork whose measured passes took turns of their own ends in one more: its last files and its result
            for (Side side : aFirst == (replicas % 2 == 1) ? List.of(sideA, sideB) : List.of(sideB, sideA)) {
                if (side.awaitsEnd(replicas)) {
                    long startMs = System.currentTimeMillis();
                    side.takeTurn();
                    turns.add(new Turn(side.name, replicas, startMs, System.currentTimeMillis(), Turn.END));
                }
            }
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } finally {
            sideA.withdraw();
            sideB.withdraw();
        }
        await(launchA);
        await(launchB);
        return turns;
    }

    private static CompletableFuture<Void> start(Launch launch, Side side) {
        CompletableFuture<Void> done = new CompletableFuture<>();
        Thread thread = new Thread(
                () -> {
                    try {
                        launch.run(side);
                        done.complete(null);
                    } catch (Throwable t) {
                        done.completeExceptionally(t);
                    } finally {
                        side.exited();
                    }
                },
                "fork " + side.name);
        thread.setDaemon(true);
        thread.start();
        return done;
    }

    private static void await(CompletableFuture<Void> launch) throws IOException {
        try {
            launch.get();
        } catch (InterruptedException e) {
            Thread.currentThread().interrupt();
        } catch (ExecutionException e) {
            Throwable cause = e.getCause();
            if (cause instanceof IOException io) {
                throw io;
            }
            if (cause instanceof RuntimeException runtime) {
                throw runtime;
            }
            if (cause instanceof Error error) {
                throw error;
            }
            throw new IOException(cause);
        }
    }
}
