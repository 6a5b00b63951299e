package io.stagebench.store;

import com.fasterxml.jackson.databind.JsonNode;
import io.stagebench.system.GitCheckout;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.Comparator;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;

/**
 * The stored runs of a line of commits that can be lined up against each other: per commit its complete, clean runs
 * measured on one machine ({@link MachineFingerprint}) with one configuration ({@link RunConfiguration#SAME_FORKS}). By
 * default the machine and configuration are those of the newest such run - what CI measures now. Everything else is
 * left out, and each run left out is named with the reason: another machine (and in which field), another
 * configuration, uncommitted changes, no fork that succeeded, a summary that cannot be read.
 *
 * <p>A commit with several runs of the machine and configuration has their forks pooled: fork values are the unit of
 * evidence, and more of them is more evidence. Only forks of one sample size are pooled or lined up: each benchmark
 * keeps the batch its newest run measured it in (what {@code --batch auto} chose can differ from run to run), and a
 * run's benchmark of another batch is left out and named.
 */
public final class RunHistory {

    private RunHistory() {}

    /**
     * One commit and its runs, oldest first.
     *
     * @param commit the commit
     * @param runs its runs of the selection's machine and configuration, oldest first (at least one)
     * @param batches benchmark name to the messages a sample of the selection: a run's benchmark of another batch is
     *     not pooled
     */
    public record CommitRuns(GitCheckout.Commit commit, List<StoredRun> runs, Map<String, Integer> batches) {

        public CommitRuns {
            runs = List.copyOf(runs);
            batches = Map.copyOf(batches);
        }

        /** @return the newest run */
        public StoredRun latest() {
            return runs.get(runs.size() - 1);
        }

        /** @return whether {@code benchmark} of one of these runs is pooled: it has forks, of the selection's batch */
        public boolean pools(StoredRun.Benchmark benchmark) {
            return !benchmark.forks().isEmpty()
                    && benchmark.batch() == batches.getOrDefault(benchmark.name(), benchmark.batch());
        }

        /**
         * @return the benchmark with the forks of every run that measured it in the selection's batch, renumbered 1, 2,
         *     ... (the merged summaries are the newest such run's); empty when no run has such a fork of it
         */
        public Optional<StoredRun.Benchmark> benchmark(String name) {
            List<StoredRun.Benchmark> measured = runs.stream()
                    .flatMap(r -> r.benchmark(name).stream())
                    .filter(this::pools)
                    .toList();
            if (measured.isEmpty()) {
                return Optional.empty();
            }
            StoredRun.Benchmark newest = measured.get(measured.size() - 1);
            List<StoredRun.Fork> forks = new ArrayList<>();
            List<String> failures = new ArrayList<>();
            for (StoredRun.Benchmark b : measured) {
                for (StoredRun.Fork f : b.forks()) {
                    forks.add(new StoredRun.Fork(
                            forks.size() + 1,
                            f.summaries(),
                            f.result(),
                            f.layoutSeed(),
                            f.coreLoopNs(),
                            f.histograms(),
                            f.windows()));
                }
                failures.addAll(b.failures());
            }
            return Optional.of(new StoredRun.Benchmark(
                    name,
                    newest.stages(),
                    forks.size(),
                    failures,
                    newest.summaries(),
                    forks,
                    newest.histograms(),
                    newest.batch()));
        }
    }

    /**
     * What was selected.
     *
     * @param commits the commits with runs selected, oldest first
     * @param machine the machine every selected run was measured on
     * @param configuration the configuration of the reference run (the newest)
     * @param commitsWithoutRuns commits of the line with no run selected
     * @param leftOut one line per run left out, saying why
     */
    public record Selection(
            List<CommitRuns> commits,
            MachineFingerprint machine,
            JsonNode configuration,
            int commitsWithoutRuns,
            List<String> leftOut) {

        public Selection {
            commits = List.copyOf(commits);
            leftOut = List.copyOf(leftOut);
        }
    }

    /**
     * @param line the commits, oldest first
     * @param root the result store
     * @param benchmarks the benchmarks that matter: a run with none of them is passed over (empty: any run)
     * @param machine the machine to keep, or null for the newest run's
     * @param configKey the configuration to keep ({@link RunConfiguration#key} over
     *     {@link RunConfiguration#SAME_FORKS}), or null for the newest run's
     * @throws StoreException "no stored run of ..." when no commit of the line has a usable run
     */
    public static Selection select(
            List<GitCheckout.Commit> line,
            Path root,
            List<String> benchmarks,
            MachineFingerprint machine,
            String configKey) {
        List<String> leftOut = new ArrayList<>();
        Map<GitCheckout.Commit, List<StoredRun>> candidates = new LinkedHashMap<>();
        int dirtyRuns = 0;
        int withoutBenchmarks = 0;
        for (GitCheckout.Commit commit : line) {
            List<StoredRun> runs = new ArrayList<>();
            for (Path dir : runFolders(root.resolve(commit.shortHash()))) {
                StoredRun run;
                try {
                    run = ResultReader.readSummary(dir);
                } catch (StoreException e) {
                    leftOut.add(dir + ": cannot be read (" + e.getMessage() + ")");
                    continue;
                }
                if (!benchmarks.isEmpty()
                        && benchmarks.stream().noneMatch(b -> run.benchmark(b).isPresent())) {
                    withoutBenchmarks++;
                    continue;
                }
                if (measured(run, benchmarks).isEmpty()) {
                    leftOut.add(name(run) + ": no fork succeeded");
                    continue;
                }
                runs.add(run);
            }
            dirtyRuns += runFolders(root.resolve(commit.shortHash() + "-dirty")).size();
            runs.sort(Comparator.comparing(StoredRun::dir, RunId.ORDER));
            if (!runs.isEmpty()) {
                candidates.put(commit, runs);
            }
        }
        if (dirtyRuns > 0) {
            leftOut.add(dirtyRuns + " run(s) with uncommitted changes (<commit>-dirty): not the code of their commit");
        }
        if (withoutBenchmarks > 0) {
            leftOut.add(withoutBenchmarks + " run(s) measured none of " + String.join(", ", benchmarks));
        }
        if (candidates.isEmpty()) {
            throw new StoreException("no stored run of "
                    + (benchmarks.isEmpty() ? "any benchmark" : String.join(", ", benchmarks))
                    + " for any of the " + line.size() + " commit(s) from "
                    + (line.isEmpty() ? "-" : line.get(0).shortHash())
                    + " to " + (line.isEmpty() ? "-" : line.get(line.size() - 1).shortHash()) + " under " + root
                    + (leftOut.isEmpty() ? "" : " (" + String.join("; ", leftOut) + ")"));
        }
        List<List<StoredRun>> all = new ArrayList<>(candidates.values());
        List<StoredRun> newestCommit = all.get(all.size() - 1);
        StoredRun reference = newestCommit.get(newestCommit.size() - 1);
        MachineFingerprint keptMachine = machine != null ? machine : MachineFingerprint.of(reference);
        String keptConfig =
                configKey != null ? configKey : RunConfiguration.key(reference.config(), RunConfiguration.SAME_FORKS);
        Map<GitCheckout.Commit, List<StoredRun>> matching = new LinkedHashMap<>();
        for (Map.Entry<GitCheckout.Commit, List<StoredRun>> e : candidates.entrySet()) {
            for (StoredRun run : e.getValue()) {
                MachineFingerprint fingerprint = MachineFingerprint.of(run);
                if (!fingerprint.sameAs(keptMachine)) {
                    leftOut.add(name(run) + ": another machine (" + fingerprint.differences(keptMachine) + ")");
                } else if (!RunConfiguration.key(run.config(), RunConfiguration.SAME_FORKS)
                        .equals(keptConfig)) {
                    leftOut.add(name(run) + ": another configuration ("
                            + RunConfiguration.differences(
                                    run.config(), reference.config(), RunConfiguration.SAME_FORKS)
                            + ")");
                } else {
                    matching.computeIfAbsent(e.getKey(), k -> new ArrayList<>()).add(run);
                }
            }
        }
        Map<String, Integer> batches = newestBatches(matching, benchmarks);
        List<CommitRuns> selected = new ArrayList<>();
        JsonNode configuration = null;
        for (Map.Entry<GitCheckout.Commit, List<StoredRun>> e : matching.entrySet()) {
            List<StoredRun> kept = new ArrayList<>();
            for (StoredRun run : e.getValue()) {
                List<StoredRun.Benchmark> measured = measured(run, benchmarks);
                List<StoredRun.Benchmark> otherBatch = measured.stream()
                        .filter(b -> b.batch() != batches.get(b.name()))
                        .toList();
                otherBatch.forEach(b -> leftOut.add(name(run) + ": " + b.name() + " measured " + samples(b.batch())
                        + ", not " + samples(batches.get(b.name()))
                        + " as its newest run (--batch): a sample of another"
                        + " size"));
                if (otherBatch.size() < measured.size()) {
                    kept.add(run);
                    configuration = run.config();
                }
            }
            if (!kept.isEmpty()) {
                selected.add(new CommitRuns(e.getKey(), kept, batches));
            }
        }
        if (selected.isEmpty()) {
            throw new StoreException("no stored run of this machine (" + keptMachine.describe()
                    + ") and configuration for any" + " of the " + line.size() + " commit(s) under " + root + " ("
                    + String.join("; ", leftOut) + ")");
        }
        return new Selection(selected, keptMachine, configuration, line.size() - selected.size(), leftOut);
    }

    /** @return the benchmarks of {@code run} that matter ({@code benchmarks}, or any when empty) and have a fork */
    private static List<StoredRun.Benchmark> measured(StoredRun run, List<String> benchmarks) {
        return run.benchmarks().stream()
                .filter(b -> benchmarks.isEmpty() || benchmarks.contains(b.name()))
                .filter(b -> !b.forks().isEmpty())
                .toList();
    }

    /**
     * @return benchmark name to the batch of the newest run that measured it, over {@code runs} (oldest commit first)
     */
    private static Map<String, Integer> newestBatches(
            Map<GitCheckout.Commit, List<StoredRun>> runs, List<String> benchmarks) {
        List<List<StoredRun>> commits = new ArrayList<>(runs.values());
        Map<String, Integer> batches = new LinkedHashMap<>();
        for (int c = commits.size() - 1; c >= 0; c--) {
            for (int r = commits.get(c).size() - 1; r >= 0; r--) {
                measured(commits.get(c).get(r), benchmarks).forEach(b -> batches.putIfAbsent(b.name(), b.batch()));
            }
        }
        return batches;
    }

    /** @return "in batches of 16", or "one message a sample" */
    private static String samples(int batch) {
        return batch == 1 ? "one message a sample" : "in batches of " + batch;
    }

    private static String name(StoredRun run) {
        return run.label() + "/" + run.runId();
    }

    /** @return the run folders (holding a summary) of one commit folder, by name */
    private static List<Path> runFolders(Path commitDir) {
        return RunResolver.folders(commitDir).stream()
                .filter(p -> Files.isRegularFile(p.resolve(RunStore.SUMMARY)))
                .toList();
    }
}
