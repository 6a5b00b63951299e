package io.stagebench.testbench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.nativeaccess.Affinity;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.concurrent.CountDownLatch;

/**
 * A benchmark whose setup starts a thread of its own, as a feed handler's would: it prints the CPUs it may run on
 * ({@value #ALLOWED} in the fork's stdout log) and then sleeps. With {@code --param pinTo=N} a second thread pins
 * itself to CPU N first, as a benchmark that pins its own threads.
 */
@Benchmark(
        name = "test.setup-thread",
        params =
                @Parameter(
                        name = "pinTo",
                        min = -1,
                        max = 1023,
                        defaultValue = "-1",
                        description = "the CPU the setup's thread pins itself to; -1: none"))
public final class SetupThreadBenchmark implements Operation {

    /** How the thread's line in the fork's stdout begins. */
    public static final String ALLOWED = "setup thread allowed on: ";

    @Setup
    public void setup(BenchmarkParams params) throws Exception {
        int pinTo = (int) params.longParam("pinTo", -1);
        CountDownLatch started = new CountDownLatch(pinTo >= 0 ? 2 : 1);
        start("feed-handler", -1, started);
        if (pinTo >= 0) {
            start("pinned-handler", pinTo, started);
        }
        started.await();
    }

    /**
     * Starts a sleeping daemon thread that prints {@code ALLOWED name: cpus} once it has pinned itself to {@code pinTo}
     * (-1: not).
     */
    private static void start(String name, int pinTo, CountDownLatch started) {
        Thread thread = new Thread(
                () -> {
                    if (pinTo >= 0) {
                        Affinity.pinCurrentThread(pinTo);
                    }
                    try {
                        String allowed = Files.readAllLines(Path.of("/proc/thread-self/status")).stream()
                                .filter(l -> l.startsWith("Cpus_allowed_list:"))
                                .findFirst()
                                .orElse("?");
                        synchronized (SetupThreadBenchmark.class) {
                            System.out.println(ALLOWED + name + ": "
                                    + allowed.substring(allowed.indexOf(':') + 1)
                                            .trim());
                            System.out.flush();
                        }
                        started.countDown();
                        Thread.sleep(Long.MAX_VALUE);
                    } catch (Exception e) {
                        started.countDown();
                    }
                },
                name);
        thread.setDaemon(true);
        thread.start();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        sink.consume(seq);
    }
}
