package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertEquals;

import io.stagebench.config.RunConfig;
import io.stagebench.link.Warmup;
import io.stagebench.result.BenchmarkOutcome;
import io.stagebench.system.CpuList;
import io.stagebench.testing.StartsProcesses;
import java.io.OutputStream;
import java.io.PrintStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.List;
import java.util.stream.Stream;
import org.junit.jupiter.api.Test;
import org.junit.jupiter.api.io.TempDir;

/**
 * A project's benchmarks run on the project's class path: a library the project carries is the one its benchmark loads,
 * whatever version the launcher has, and of the harness only the API is visible.
 */
@StartsProcesses
class ForkIsolationTest {

    @TempDir
    Path dir;

    /** The project's own "HdrHistogram": same class name as the launcher's 2.2.2, a field only this one has. */
    private static final String PROJECTS_HISTOGRAM = """
            package org.HdrHistogram;
            public class Histogram {
                public static final String WHOSE = "the project's";
            }
            """;

    private static final String VERSIONS = """
            package com.acme;
            import io.stagebench.api.*;
            @Benchmark(name = "versions")
            public final class Versions implements Operation {
                @Setup
                public void setup() {
                    System.out.println("histogram: " + org.HdrHistogram.Histogram.WHOSE);
                    for (String name : new String[] {"com.fasterxml.jackson.databind.ObjectMapper", "picocli.CommandLine",
                            "io.stagebench.config.RunConfig", "io.stagebench.api.Stamps"}) {
                        System.out.println(name + ": " + visible(name));
                    }
                }

                private static String visible(String name) {
                    try {
                        Class.forName(name, false, Versions.class.getClassLoader());
                        return "visible";
                    } catch (ClassNotFoundException e) {
                        return "hidden";
                    }
                }

                public void run(long seq, Stamps stamps, Sink sink) { sink.consume(seq * 31); }
            }
            """;

    @Test
    void shouldRunAProjectsBenchmarkWithItsOwnLibraryAndOnlyTheHarnessApiVisible() throws Exception {
        BenchmarkOutcome outcome = runOnTheProjectsClassPath("versions");

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
        List<String> aSetup = List.of(
                "histogram: the project's",
                "com.fasterxml.jackson.databind.ObjectMapper: hidden",
                "picocli.CommandLine: hidden",
                "io.stagebench.config.RunConfig: hidden",
                "io.stagebench.api.Stamps: visible");
        // printed by each setup: the warm-up's own, then replica 1's
        assertEquals(
                Stream.concat(aSetup.stream(), aSetup.stream()).toList(),
                Files.readAllLines(dir.resolve("run/forks/versions/fork-1.out")));
    }

    @Test
    void shouldStillRunTheBuiltInsBesideAProjectsBenchmarks() throws Exception {
        BenchmarkOutcome outcome = runOnTheProjectsClassPath("spin");

        assertEquals(1, outcome.forks().size(), outcome.failures().toString());
    }

    /** Runs one fork of {@code benchmark} from the launcher, with the project's classes as {@code --classpath}. */
    private BenchmarkOutcome runOnTheProjectsClassPath(String benchmark) throws Exception {
        Path classes = UserBuild.compile(dir.resolve("classes"), PROJECTS_HISTOGRAM, VERSIONS);
        BenchmarkClassPath classPath = BenchmarkClassPath.parse(classes.toString(), dir);
        Path runDir = Files.createDirectories(dir.resolve("run"));
        RunConfig config = RunConfig.builder(List.of(benchmark), -1, runDir)
                .forks(1)
                .warmup(Warmup.ofMessages(1_000))
                .messages(2_000)
                .chunk(500)
                .overheadPairs(100_000)
                .lockMemory(false)
                .jvmFlagsInsteadOfDefaults(List.of())
                .forkTimeoutS(120)
                .build();
        return new Runner(
                        config,
                        classPath.registry(),
                        CpuList.parse(""),
                        classPath.launcher(ForkLaunchers.jvm()),
                        new PrintStream(OutputStream.nullOutputStream()))
                .run()
                .get(0);
    }
}
