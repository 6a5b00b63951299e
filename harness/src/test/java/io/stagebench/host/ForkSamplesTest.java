package io.stagebench.host;

import static org.junit.jupiter.api.Assertions.assertArrayEquals;
import static org.junit.jupiter.api.Assertions.assertEquals;
import static org.junit.jupiter.api.Assertions.assertNull;

import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import org.junit.jupiter.api.Test;

class ForkSamplesTest {

    private static Map<String, double[]> replica(double[] parse, double[] tagged) {
        Map<String, double[]> series = new LinkedHashMap<>();
        series.put("parse", parse);
        if (tagged != null) {
            series.put("parse[order]", tagged);
        }
        return series;
    }

    @Test
    void shouldGiveEachReplicasSamplesBackInMessageOrder() {
        ForkSamples fork =
                ForkSamples.of(List.of(replica(new double[] {30, 10, 20}, null), replica(new double[] {50, 40}, null)));

        List<double[]> replicas = fork.replicas("parse");

        assertEquals(2, replicas.size());
        assertArrayEquals(new double[] {30, 10, 20}, replicas.get(0));
        assertArrayEquals(new double[] {50, 40}, replicas.get(1));
    }

    @Test
    void shouldSortTheForksSamplesOnceAcrossItsReplicas() {
        ForkSamples fork =
                ForkSamples.of(List.of(replica(new double[] {30, 10, 20}, null), replica(new double[] {50, 40}, null)));

        assertEquals(5, fork.distributions().get("parse").count());
        assertEquals(30, fork.distributions().get("parse").percentile(50));
        assertEquals(10, fork.distributions().get("parse").min());
        assertEquals(50, fork.distributions().get("parse").max());
    }

    @Test
    void shouldLeaveOutASeriesThatSomeReplicaLacks() {
        // a tag only the first setup's messages carried
        ForkSamples fork = ForkSamples.of(
                List.of(replica(new double[] {1, 2}, new double[] {3}), replica(new double[] {4}, null)));

        assertEquals(List.of("parse"), List.copyOf(fork.series()));
        assertNull(fork.replicas("parse[order]"));
    }
}
