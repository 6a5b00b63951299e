package io.stagebench.host;

import com.fasterxml.jackson.core.JsonProcessingException;
import io.stagebench.clock.ClockBinding;
import io.stagebench.clock.ClockMeasurement;
import io.stagebench.config.MeasureDefaults;
import io.stagebench.json.Json;
import io.stagebench.probe.ClockProbeMain;
import io.stagebench.process.JvmFork;
import io.stagebench.system.CpuList;
import java.time.Duration;
import java.util.ArrayList;
import java.util.List;

/**
 * The launcher's half of {@code stagebench clocks}: each clock binding measured in a fresh JVM of its own
 * ({@link ClockProbeMain}), pinned to the measuring CPU, the JVM's other threads on the service CPUs. A binding is
 * loaded once per JVM, so two bindings in one JVM would share its class loading and JIT state; a JVM that fails or
 * answers nonsense costs only its binding.
 */
public final class ClockProbes {

    /**
     * A clock probe's JVM: a heap smaller than a fork's (it holds only the probe's pairs), pre-touched as a fork's is.
     */
    public static final List<String> PROBE_JVM_FLAGS = List.of("-Xms256m", "-Xmx256m", MeasureDefaults.PRE_TOUCH_FLAG);

    /**
     * What each probe measures.
     *
     * @param calibrationMs the length of one calibration round
     * @param rounds calibration rounds
     * @param pairs back-to-back probe pairs
     * @param timeout how long a probe's JVM may take
     */
    public record Settings(long calibrationMs, int rounds, int pairs, Duration timeout) {}

    /**
     * What the probes gave.
     *
     * @param measurements one per binding whose JVM answered, in the order asked
     * @param failures one line per binding whose JVM failed or answered nothing readable
     */
    public record Measured(List<ClockMeasurement> measurements, List<String> failures) {}

    private ClockProbes() {}

    /** @return each of {@code bindings} measured in its own JVM on {@code measuredCpu}; progress lines on stderr */
    public static Measured measure(
            List<ClockBinding> bindings, Settings settings, int measuredCpu, CpuList serviceCpus) {
        List<ClockMeasurement> measurements = new ArrayList<>();
        List<String> failures = new ArrayList<>();
        for (ClockBinding binding : bindings) {
            System.err.println("[clocks] measuring " + binding.id() + " in a fresh JVM on CPU " + measuredCpu + " ...");
            JvmFork.Exit outcome = JvmFork.run(new JvmFork.Spec(
                    ClockProbeMain.class.getName(),
                    List.of(
                            binding.id(),
                            Long.toString(settings.calibrationMs()),
                            Integer.toString(settings.rounds()),
                            Integer.toString(settings.pairs()),
                            Integer.toString(measuredCpu)),
                    PROBE_JVM_FLAGS,
                    serviceCpus,
                    settings.timeout()));
            if (!outcome.succeeded()) {
                failures.add("binding " + binding.id() + ": its JVM " + outcome.failure() + "; other bindings kept");
                continue;
            }
            try {
                measurements.add(Json.mapper().readValue(outcome.stdout(), ClockMeasurement.class));
            } catch (JsonProcessingException e) {
                failures.add("binding " + binding.id() + ": unreadable result from its JVM (" + Json.problem(e) + ")");
            }
        }
        return new Measured(List.copyOf(measurements), List.copyOf(failures));
    }
}
