package io.stagebench.stages.cli;

import io.stagebench.config.UsageException;
import io.stagebench.extension.Harness;
import io.stagebench.stages.jmh.MeasuringThread;
import java.io.BufferedReader;
import java.io.IOException;
import java.io.InputStreamReader;
import java.nio.charset.StandardCharsets;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.HashSet;
import java.util.List;
import java.util.Set;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Parameters;

/**
 * {@code stagebench jmh [JMH options]}: runs the JMH benchmarks of the reference stages from
 * {@code stages/target/benchmarks.jar} with any of JMH's own options, the way {@code java -jar
 * stages/target/benchmarks.jar} would, plus what stagebench's forks get: the JVM is started off the measuring CPU (so
 * are JMH's forks, which inherit it) and each fork's benchmark thread pins itself to the measuring CPU
 * ({@value MeasuringThread#CPU_PROPERTY}, which JMH passes on to its forks with the rest of the host JVM's flags).
 */
@Command(
        name = "jmh",
        description = {
            "Run the reference stages' JMH benchmarks with JMH's own options.",
            "The benchmarks are stages/target/benchmarks.jar; e.g. 'stagebench jmh -l',",
            "'stagebench jmh ParseJmh -f 1 -bm sample', 'stagebench jmh -h' (or --help)."
        })
public final class JmhCommand implements Callable<Integer> {

    /** The shaded jar, relative to the project. */
    public static final Path JAR = Path.of("stages", "target", "benchmarks.jar");

    @Parameters(paramLabel = "JMH_ARG", arity = "0..*", description = "Passed to JMH unchanged (--help as JMH's -h).")
    List<String> jmhArgs = new ArrayList<>();

    @Override
    public Integer call() throws IOException, InterruptedException {
        Path jar = Harness.projectHome().resolve(JAR);
        if (!Files.isRegularFile(jar)) {
            throw new UsageException(jar + " does not exist; build it with 'mvn -DskipTests package'");
        }
        Harness.CpuPlacement placement = Harness.placeOffMeasuringCpu();
        placement.warnings().forEach(w -> System.err.println("*** WARNING: " + w));
        System.err.println(
                "[jmh] benchmark threads pinned to CPU " + placement.cpu() + "; JIT, GC and JMH's own threads" + " on "
                        + (placement.otherCpus().isEmpty() ? "the same CPU" : "CPU " + placement.otherCpus()));
        List<String> args =
                jmhArgs.stream().map(a -> a.equals("--help") ? "-h" : a).toList();
        if (!args.contains("-l")) {
            return new ProcessBuilder(command(jar, placement.cpu(), args))
                    .inheritIO()
                    .start()
                    .waitFor();
        }
        return list(command(jar, placement.cpu(), args));
    }

    /** @return JMH's exit code for {@code -l}, whose listing is printed with each benchmark once */
    private static int list(List<String> command) throws IOException, InterruptedException {
        // JMH lists a benchmark once per mode it declares (AverageTime and SampleTime here): each name once
        Process process = new ProcessBuilder(command)
                .redirectError(ProcessBuilder.Redirect.INHERIT)
                .redirectInput(ProcessBuilder.Redirect.INHERIT)
                .start();
        Set<String> seen = new HashSet<>();
        try (BufferedReader lines =
                new BufferedReader(new InputStreamReader(process.getInputStream(), StandardCharsets.UTF_8))) {
            for (String line = lines.readLine(); line != null; line = lines.readLine()) {
                if (line.isBlank() || line.endsWith(":") || seen.add(line)) {
                    System.out.println(line);
                }
            }
        }
        return process.waitFor();
    }

    /**
     * @return {@code java -D...cpu=N -jar JAR ARGS} with the running JVM's java; the host JVM only runs JMH's runner,
     *     the benchmarks' {@code @Fork} gives the forks their flags
     */
    static List<String> command(Path jar, int cpu, List<String> jmhArgs) {
        List<String> command = new ArrayList<>();
        command.add(Path.of(System.getProperty("java.home"), "bin", "java").toString());
        command.add("--sun-misc-unsafe-memory-access=allow"); // JMH's runner reads fields through Unsafe
        command.add("-D" + MeasuringThread.CPU_PROPERTY + "=" + cpu);
        command.add("-jar");
        command.add(jar.toString());
        command.addAll(jmhArgs);
        return command;
    }
}
