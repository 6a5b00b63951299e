package io.stagebench.extension;

import io.stagebench.session.MeasurementSession;
import io.stagebench.session.SessionOptions;
import picocli.CommandLine;

/**
 * The options every stagebench command that measures has, for a contributed command: declare it as a picocli
 * {@code @Mixin} and the command takes {@code --cpu}, {@code --clock}, {@code --calibration-ms},
 * {@code --fork-timeout-s}, {@code --results}, {@code --no-mlock}, {@code --aslr} and {@code --layout-seed} with the
 * same defaults and checks as {@code stagebench run}. {@link #open} then starts the {@link Session} its runs are
 * measured and stored in, as {@code run}'s are, so they are read, diffed and reported like any run.
 *
 * <pre>{@code
 * @CommandLine.Mixin
 * Measuring measuring = new Measuring();
 * ...
 * Session session = measuring.open();            // after the command's own checks: nothing is written yet
 * Session.Run run = session.begin(List.of("parse"), new Session.Plan(3, 200_000, 500_000, 1, Map.of()));
 * RunResults results = session.measure(run);
 * out.print(results.reportText());
 * session.store(results, results.warnings()).printReport(out);
 * }</pre>
 */
public final class Measuring {

    @CommandLine.Mixin
    SessionOptions options = new SessionOptions();

    /**
     * Checks these options (a bad value is a usage error naming the option), chooses the measuring CPU and moves this
     * JVM, and so the forks' other threads, off it.
     *
     * @throws CommandLine.ParameterException when an option is out of range
     * @throws io.stagebench.config.UsageException when {@code --cpu} names no CPU of this machine
     */
    public Session open() {
        var settings = options.settings();
        MeasurementSession session = options.open();
        return new Session(session, settings);
    }
}
