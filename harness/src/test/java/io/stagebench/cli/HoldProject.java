package io.stagebench.cli;

import io.stagebench.host.UserBuild;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.stream.Collectors;

/**
 * A project of the tests' own: one benchmark, {@code hold}, that spins a known number of counter ticks a message, and
 * the javac command that builds it into {@code out/} - a build a test can give {@code ab} or {@code bisect} as
 * {@code --build}.
 */
final class HoldProject {

    private HoldProject() {}

    /** Writes {@code src/com/acme/Hold.java} spinning {@code ticks}, with {@code comment} above the class. */
    static void write(Path repo, long ticks, String comment) throws IOException {
        Path source = repo.resolve("src/com/acme/Hold.java");
        Files.createDirectories(source.getParent());
        Files.writeString(source, """
                package com.acme;

                import io.stagebench.api.Benchmark;
                import io.stagebench.api.BenchmarkParams;
                import io.stagebench.api.Operation;
                import io.stagebench.api.Setup;
                import io.stagebench.api.Sink;
                import io.stagebench.api.Stamps;
                import io.stagebench.clock.Clock;

                // %s
                @Benchmark(name = "hold")
                public final class Hold implements Operation {
                    private static final long TICKS = %d;
                    private Clock clock;

                    @Setup
                    public void setup(BenchmarkParams params, Clock clock) {
                        this.clock = clock;
                    }

                    @Override
                    public void run(long seq, Stamps stamps, Sink sink) {
                        long until = stamps.stageStartTicks() + TICKS;
                        long now;
                        do {
                            now = clock.raw();
                        } while (now < until);
                        sink.consume(now);
                    }
                }
                """.formatted(comment, ticks));
    }

    /** @return the build: javac of every source under src/ into out/, the harness as class path and processor path */
    static String build() {
        String javac = Path.of(System.getProperty("java.home"), "bin", "javac").toString();
        return javac + " "
                + UserBuild.javacOptions(Path.of("out")).stream()
                        .map(o -> "'" + o + "'")
                        .collect(Collectors.joining(" "))
                + " $(find src -name '*.java')";
    }
}
