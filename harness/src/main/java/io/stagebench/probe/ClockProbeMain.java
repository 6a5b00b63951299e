package io.stagebench.probe;

import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.json.Json;
import io.stagebench.process.LauncherWatch;

/**
 * Entry point of a {@code stagebench clocks} fork: measures one binding and prints a {@link ClockMeasurement} as JSON
 * on stdout.
 *
 * <p>Arguments: {@code binding intervalMs rounds pairs cpu} (cpu -1: do not pin).
 */
public final class ClockProbeMain {

    private ClockProbeMain() {}

    public static void main(String[] args) {
        if (args.length != 5) {
            System.err.println("usage: ClockProbeMain binding intervalMs rounds pairs cpu");
            System.exit(2);
        }
        LauncherWatch.start();
        ClockMeasurement measurement = ClockProbe.measure(
                ClockBinding.parse(args[0]),
                Long.parseLong(args[1]),
                Integer.parseInt(args[2]),
                Integer.parseInt(args[3]),
                Integer.parseInt(args[4]));
        System.out.println(Json.write(measurement));
        System.out.flush();
    }
}
