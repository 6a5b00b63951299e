package io.stagebench.stages.cli;

import io.stagebench.config.Batch;
import io.stagebench.extension.Session;
import io.stagebench.stages.bench.ReferenceWorkload;
import io.stagebench.stages.jmh.CrossCheck;
import io.stagebench.stages.jmh.Pairing;
import java.util.ArrayList;
import java.util.List;
import java.util.Map;
import java.util.function.Function;

/**
 * What one {@code crosscheck} measures, checked and derived once from its options: the stages' pairings, stagebench's
 * forks and messages (per message, and batched over the whole stream), JMH's forks and iterations, and the stream both
 * harnesses replay. Bad input is refused here, before anything is measured.
 *
 * @param pairings the rows to compare, in order
 * @param forks stagebench forks per stage
 * @param warmup stagebench warm-up messages per fork
 * @param messages the per-message run's measured messages a fork: {@code -n}, by default the whole stream, so its
 *     messages are those JMH's calls and the batched run walk and the two tables differ by how, not by which, messages
 *     are timed
 * @param streamMessages the replayed stream's length, the same in both harnesses
 * @param seed the stream's seed, the same in both harnesses
 * @param batchText {@code --batch} as given, for the document
 * @param batch the batch asked for: {@link Batch#ONE} (per message only), K, or {@link Batch#AUTO}
 * @param jmh JMH's side
 */
record CrosscheckPlan(
        List<Pairing> pairings,
        int forks,
        long warmup,
        int messages,
        int streamMessages,
        long seed,
        String batchText,
        Batch batch,
        Jmh jmh) {

    /**
     * JMH's AverageTime runs.
     *
     * @param forks forks per benchmark
     * @param warmup warm-up iterations
     * @param iterations measurement iterations
     * @param iterationMs the length of one iteration
     */
    record Jmh(int forks, int warmup, int iterations, long iterationMs) {}

    /**
     * @param stages the stages named, none for all
     * @param messages {@code -n}, null for the whole stream
     * @param usage makes the one-line error for bad input
     * @return the plan of those options
     */
    static CrosscheckPlan of(
            List<String> stages,
            int forks,
            long warmup,
            Integer messages,
            String batchText,
            Jmh jmh,
            int streamMessages,
            long seed,
            Function<String, RuntimeException> usage) {
        List<Pairing> pairings = selected(stages, usage);
        int perMessage = messages == null ? streamMessages : messages;
        if (forks < 1 || perMessage < 1 || warmup < 0) {
            throw usage.apply("--forks and --messages must be at least 1 and --warmup not negative");
        }
        if (jmh.forks() < 1 || jmh.warmup() < 0 || jmh.iterations() < 1 || jmh.iterationMs() < 10) {
            throw usage.apply("--jmh-forks and --jmh-iterations must be at least 1, --jmh-warmup not negative and"
                    + " --jmh-iteration-ms at least 10");
        }
        if (streamMessages < 1 || streamMessages > ReferenceWorkload.MAX_STREAM_MESSAGES) {
            throw usage.apply("--stream-messages must be in [1, " + ReferenceWorkload.MAX_STREAM_MESSAGES + "]");
        }
        int batchedMessages = Math.max(perMessage, streamMessages);
        Batch batch;
        try {
            batch = Batch.parse(batchText);
        } catch (IllegalArgumentException e) {
            throw usage.apply(e.getMessage());
        }
        if (!batch.isAuto() && batch.messages() > batchedMessages) {
            throw usage.apply("--batch must be in [1, " + batchedMessages + "] (the batched run's messages), got "
                    + batch.messages());
        }
        return new CrosscheckPlan(pairings, forks, warmup, perMessage, streamMessages, seed, batchText, batch, jmh);
    }

    private static List<Pairing> selected(List<String> stages, Function<String, RuntimeException> usage) {
        if (stages.isEmpty()) {
            return CrossCheck.PAIRINGS;
        }
        List<Pairing> chosen = new ArrayList<>();
        List<String> valid =
                CrossCheck.PAIRINGS.stream().map(Pairing::benchmark).distinct().toList();
        for (String stage : stages) {
            if (!valid.contains(stage)) {
                throw usage.apply("unknown stage '" + stage + "' (valid: " + String.join(", ", valid) + ")");
            }
            // a benchmark's every row: the pipeline's unmarked and marked totals together
            CrossCheck.PAIRINGS.stream()
                    .filter(p -> p.benchmark().equals(stage) && !chosen.contains(p))
                    .forEach(chosen::add);
        }
        return List.copyOf(chosen);
    }

    /**
     * @return the batched run's measured messages a fork: the whole stream (or {@code -n}, when larger), so its
     *     messages are those JMH's calls walk (a stage over the first part of the stream can read far from its figure
     *     over all of it: docs/decisions.md, "Crosscheck")
     */
    int batchedMessages() {
        return Math.max(messages, streamMessages);
    }

    /** @return whether a batched run follows the per-message one */
    boolean batched() {
        return !batch.equals(Batch.ONE);
    }

    /** @return the stagebench benchmarks the pairings need, in order */
    List<String> benchmarks() {
        return pairings.stream().map(Pairing::benchmark).distinct().toList();
    }

    /** @return the per-message run's plan: the benchmarks' stream as JMH's */
    Session.Plan perMessagePlan() {
        return new Session.Plan(forks, warmup, messages, Batch.ONE, streamParams());
    }

    /** @return the batched run's plan: the whole stream, as JMH's calls walk it */
    Session.Plan batchedPlan() {
        return new Session.Plan(forks, warmup, batchedMessages(), batch, streamParams());
    }

    /** @return the benchmarks' and JMH's parameters of the stream */
    Map<String, String> streamParams() {
        return Map.of("messages", Integer.toString(streamMessages), "seed", Long.toString(seed));
    }
}
