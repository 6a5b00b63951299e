package io.stagebench.registry;

import io.stagebench.api.Parameter;
import io.stagebench.api.ParameterDeclaration;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.regex.Pattern;

/**
 * Parameter sweeps, as JMH's {@code -p key=1,2,3}: {@code --param every=16,64} measures the benchmark once per value,
 * and several swept parameters once per combination. Each combination is a benchmark variant of its own, named with its
 * values - {@code example[every=16]}, {@code example[every=16,size=8]} - so the run's table, the store, {@code diff}
 * and the report keep the variants apart by name. A benchmark none of whose parameters is swept keeps its own name.
 *
 * <p>Only a whole-number parameter ({@code Parameter.Type.LONG}) sweeps: a text parameter's value is one value, commas
 * and all. The brackets cannot clash with a benchmark's own name: names are {@code [A-Za-z0-9._-]}.
 */
public final class ParamSweep {

    /** A variant's name: a benchmark's name, then its swept values in brackets. */
    static final Pattern VARIANT = Pattern.compile(
            "[A-Za-z0-9][A-Za-z0-9._-]*\\[[A-Za-z0-9._-]+=[^,\\[\\]/=]*(,[A-Za-z0-9._-]+=[^,\\[\\]/=]*)*\\]");

    /** What separates a swept parameter's values. */
    public static final String SEPARATOR = ",";

    /**
     * One variant.
     *
     * @param name the benchmark's name, with {@code [key=value,...]} when any of its parameters is swept
     * @param params the run's parameters with each swept one set to this variant's value
     */
    public record Variant(String name, Map<String, String> params) {

        public Variant {
            params = Map.copyOf(params);
        }
    }

    private ParamSweep() {}

    /** @return the values a {@code --param} value stands for: itself, or its comma-separated list */
    public static List<String> values(String value) {
        List<String> out = new ArrayList<>();
        for (String one : value.split(SEPARATOR, -1)) {
            out.add(one.strip());
        }
        return out;
    }

    /**
     * @return the variants of {@code descriptor} under the run's {@code params}, in the order of its declared
     *     parameters
     */
    public static List<Variant> variants(BenchmarkDescriptor descriptor, Map<String, String> params) {
        List<Map<String, String>> combinations = new ArrayList<>();
        combinations.add(new LinkedHashMap<>());
        for (var declared : descriptor.parameters()) {
            String value = params.get(declared.name());
            if (value == null || !sweeps(declared, value)) {
                continue;
            }
            List<Map<String, String>> next = new ArrayList<>();
            for (Map<String, String> combination : combinations) {
                for (String one : values(value)) {
                    Map<String, String> more = new LinkedHashMap<>(combination);
                    more.put(declared.name(), one);
                    next.add(more);
                }
            }
            combinations = next;
        }
        List<Variant> out = new ArrayList<>();
        for (Map<String, String> swept : combinations) {
            Map<String, String> all = new LinkedHashMap<>(params);
            all.putAll(swept);
            out.add(new Variant(
                    swept.isEmpty()
                            ? descriptor.name()
                            : descriptor.name() + "["
                                    + String.join(
                                            SEPARATOR,
                                            swept.entrySet().stream()
                                                    .map(e -> e.getKey() + "=" + e.getValue())
                                                    .toList())
                                    + "]",
                    all));
        }
        return out;
    }

    /**
     * @return whether {@code value} of the parameter {@code declared} is a sweep: a whole-number parameter, several
     *     values
     */
    public static boolean sweeps(ParameterDeclaration declared, String value) {
        return declared.type() == Parameter.Type.LONG && values(value).size() > 1;
    }

    /**
     * @return whether any of {@code params} is a sweep of whole numbers ({@code 16,64}), for a command that runs before
     *     it knows which parameters its benchmarks declare
     */
    public static boolean sweeps(Map<String, String> params) {
        return params.values().stream()
                .anyMatch(
                        v -> values(v).size() > 1 && values(v).stream().allMatch(one -> one.matches("-?[0-9][0-9_]*")));
    }

    /** @return the benchmark a variant's name names: {@code example} of {@code example[every=16]} */
    public static String baseName(String variant) {
        int bracket = variant.indexOf('[');
        return bracket < 0 || !variant.endsWith("]") ? variant : variant.substring(0, bracket);
    }

    /**
     * @return the swept values a variant's name carries: {@code {every=16}} of {@code example[every=16]}; empty for
     *     none
     */
    public static Map<String, String> sweptIn(String variant) {
        Map<String, String> out = new LinkedHashMap<>();
        int bracket = variant.indexOf('[');
        if (bracket < 0 || !variant.endsWith("]")) {
            return out;
        }
        for (String pair : variant.substring(bracket + 1, variant.length() - 1).split(SEPARATOR)) {
            int eq = pair.indexOf('=');
            if (eq > 0) {
                out.put(pair.substring(0, eq), pair.substring(eq + 1));
            }
        }
        return out;
    }
}
