package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.Operation;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;

/** A benchmark that declares a JVM argument its code needs, and refuses to set up in a fork without it. */
@Benchmark(
        name = "test.jvm-args",
        jvmArgs = {"-Dtest.jvmArgs.needed=yes"})
public final class JvmArgsBenchmark implements Operation {

    @Setup
    public void setup() {
        if (!"yes".equals(System.getProperty("test.jvmArgs.needed"))) {
            throw new IllegalStateException("started without the JVM argument it declares");
        }
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        sink.consume(seq);
    }
}
