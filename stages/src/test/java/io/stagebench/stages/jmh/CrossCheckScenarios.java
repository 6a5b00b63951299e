package io.stagebench.stages.jmh;

import java.util.List;
import java.util.Map;

/**
 * Crosscheck cases more than one test reads: the comparison's decisions are checked on the data in this package, and
 * their words beside the crosscheck command.
 */
public final class CrossCheckScenarios {

    private CrossCheckScenarios() {}

    /** Per-message and batched rows of one crosscheck, and the JMH scores they were compared with. */
    public record Scenario(List<Row> rows, List<Row> batched, Map<String, JmhScore> jmh) {}

    /**
     * @return encode and parse measured per message (80 and 30 ns against JMH's 50 and 20) and in batches of 8 (encode
     *     52.75 ns a message, its residue 6/8; parse 24 ns, none): each per-message ratio's excess split into residue,
     *     fencing alone and what the batched figure leaves
     */
    public static Scenario residue() {
        Map<String, JmhScore> jmh =
                Map.of("EncodeJmh.encode", new JmhScore(50, 1), "ParseJmh.parse", new JmhScore(20, 1));
        List<Row> rows = List.of(
                CrossCheck.compare(pairing("encode"), new double[] {80, 80}, 80, jmh, new Probe(20, 26)),
                CrossCheck.compare(pairing("parse"), new double[] {30, 30}, 30, jmh, new Probe(20, 20)));
        List<Row> batched =
                List.of(batched("encode", 52.75, jmh, new Probe(20, 26)), batched("parse", 24, jmh, new Probe(20, 20)));
        return new Scenario(rows, batched, jmh);
    }

    /**
     * @return parse per message (30 ns against JMH's 22) and in batches of 8, one fork of each side apart: the pooled
     *     batched mean is 24 a message, the median fork 20.6; JMH's pooled 22, its median fork 20 - the row is checked
     *     by the medians, and its line leaves what they leave (+0.03), not the median fork over JMH's pooled figure
     */
    public static Scenario medianForks() {
        Map<String, JmhScore> jmh =
                Map.of("ParseJmh.parse", new JmhScore(22, 1, List.of(20.0, 20.0, 20.0, 30.0, 20.0)));
        Row perMessage = CrossCheck.compare(pairing("parse"), new double[] {30, 30}, 30, jmh, new Probe(20, 20));
        Row batched = CrossCheck.compareBatched(
                pairing("parse"),
                new double[] {24, 24},
                24,
                jmh,
                new Probe(20, 20),
                8,
                List.of(20.6, 20.6, 36.0, 20.6, 20.6),
                List.of(),
                Double.NaN);
        return new Scenario(List.of(perMessage), List.of(batched), jmh);
    }

    private static Row batched(String stage, double perMessageNs, Map<String, JmhScore> jmh, Probe probe) {
        return CrossCheck.compareBatched(
                pairing(stage),
                new double[] {perMessageNs, perMessageNs},
                perMessageNs,
                jmh,
                probe,
                8,
                List.of(),
                List.of(),
                Double.NaN);
    }

    /** @return the pairing of {@code stage} */
    public static Pairing pairing(String stage) {
        return CrossCheck.PAIRINGS.stream()
                .filter(p -> p.stage().equals(stage))
                .findFirst()
                .orElseThrow();
    }
}
