package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.api.TearDown;
import java.util.List;
import java.util.concurrent.CopyOnWriteArrayList;

/**
 * Logs each of its setups: the order it was made in and the messages it ran before its teardown, so a test can tell
 * which setup ran the fork's warm-up and which were measured. The log is this JVM's (in-process forks only).
 */
@Benchmark(name = "test.setup-log", description = "logs its setups and the messages each ran")
public final class SetupLogBenchmark implements Operation {

    /** One setup: made {@code made}-th in this JVM (from 1), it ran {@code messages} messages. */
    public record Entry(int made, long messages) {}

    private static final List<Entry> LOG = new CopyOnWriteArrayList<>();
    private static int made;

    private int number;
    private long messages;
    private long state = 1;

    /** Empties the log and starts the count again. */
    public static synchronized void clear() {
        LOG.clear();
        made = 0;
    }

    /** @return the setups torn down so far, in order */
    public static List<Entry> log() {
        return List.copyOf(LOG);
    }

    @Setup
    public void setup() {
        synchronized (SetupLogBenchmark.class) {
            number = ++made;
        }
    }

    @Reset
    public void rewind() {
        state = 1;
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        messages++;
        state = state * 6364136223846793005L + seq;
        sink.consume(state);
    }

    @TearDown
    public void tearDown() {
        LOG.add(new Entry(number, messages));
    }
}
