package io.stagebench.store;

import io.stagebench.api.TagDeclaration;
import io.stagebench.json.Json;
import io.stagebench.result.RepetitionCosts;
import io.stagebench.result.ReplicaPlan;
import io.stagebench.result.SpreadComponents;
import java.io.IOException;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Collections;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.OptionalInt;

/**
 * A plan's pilot from the store: the newest stored run of a benchmark measured on this machine that estimated its
 * spread between forks, setups and within a setup, and what a fork and a setup cost ({@code summary.json}'s
 * {@code spread} and {@code costs}). From those figures {@link ReplicaPlan} names the replicas a fork should measure
 * now, for the messages a replica measures now: the figures are the machine's and the benchmark's, not the
 * command's. A run of another machine ({@link MachineFingerprint}) is never a pilot: its spread and costs are not
 * this one's.
 *
 * @param run     the pilot run, as {@code history} names runs ({@code commit/run-id})
 * @param spread  per stage series with both levels estimated, the pilot's components (tag series left out)
 * @param costs   what a fork, a setup and a message cost in the pilot
 */
public record ReplicaPilot(String run, Map<String, SpreadComponents> spread, RepetitionCosts costs) {

    public ReplicaPilot {
        spread = Map.copyOf(spread);
    }

    /**
     * @param root      the results folder
     * @param machine   this machine, as the run about to start would be stored
     * @param benchmark the benchmark
     * @return the newest run under {@code root} of {@code machine} whose {@code benchmark} has a spread and costs that
     *         name a setup's cost; empty when there is none (or none can be read)
     */
    public static Optional<ReplicaPilot> newest(Path root, MachineFingerprint machine, String benchmark) {
        List<StoredRun> runs = new ArrayList<>(ResultReader.scan(root).runs());
        Collections.reverse(runs);
        for (StoredRun run : runs) {
            if (run.benchmark(benchmark).isEmpty() || !MachineFingerprint.of(run).equals(machine)) {
                continue;
            }
            Optional<ReplicaPilot> pilot = of(run, benchmark);
            if (pilot.isPresent()) {
                return pilot;
            }
        }
        return Optional.empty();
    }

    /** @return the pilot {@code run}'s {@code benchmark} gives, when its summary has the figures a plan needs */
    static Optional<ReplicaPilot> of(StoredRun run, String benchmark) {
        Summary summary;
        try {
            summary = Json.mapper().readValue(run.dir().resolve(RunStore.SUMMARY).toFile(), Summary.class);
        } catch (IOException e) {
            return Optional.empty();
        }
        for (Summary.Benchmark b : summary.benchmarks()) {
            if (!b.name().equals(benchmark) || b.costs() == null || b.costs().setupS() == null) {
                continue;
            }
            Map<String, SpreadComponents> stages = new LinkedHashMap<>();
            b.spread().forEach((series, components) -> {
                if (TagDeclaration.stageOf(series).isEmpty() && components.forkPct() != null
                        && components.setupPct() != null) {
                    stages.put(series, components);
                }
            });
            if (!stages.isEmpty()) {
                return Optional.of(new ReplicaPilot(Pairing.idOf(run.dir()), stages, b.costs()));
            }
        }
        return Optional.empty();
    }

    /**
     * @param messagesPerReplica the messages a replica measures now
     * @return the replicas a fork should measure at the pilot's figures ({@link ReplicaPlan}, the median over the
     *         stage series), or empty when no series has the figures
     */
    public OptionalInt replicas(long messagesPerReplica) {
        return ReplicaPlan.optimum(spread.values(), costs, messagesPerReplica);
    }

    /**
     * @return the figures the plan rests on, its first stage's spread and the costs, e.g. {@code run
     *         1a2b3c4d5e6f/20261202-101500: encode forks 1.5%, setups 2.7%, within 0.7%; a fork 2.6 s, a setup 0.21 s}
     */
    public String describe() {
        Map.Entry<String, SpreadComponents> first = spread.entrySet().stream().sorted(Map.Entry.comparingByKey())
                .findFirst().orElseThrow();
        return "run " + run + ": " + first.getKey() + " " + first.getValue().describe() + "; " + costs.describe();
    }
}
