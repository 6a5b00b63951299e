package io.stagebench.system;

import java.util.BitSet;
import java.util.StringJoiner;

/**
 * A set of CPU numbers in the kernel's list format ({@code "0-3,6,8-9"}), as found in
 * {@code /sys/devices/system/cpu/online}, {@code .../isolated} and the {@code isolcpus=} boot parameter.
 */
public final class CpuList {

    private final BitSet cpus;

    private CpuList(BitSet cpus) {
        this.cpus = cpus;
    }

    /**
     * Parses the kernel list format; blank means empty.
     *
     * @throws IllegalArgumentException naming the bad text
     */
    public static CpuList parse(String text) {
        BitSet set = new BitSet();
        String trimmed = text == null ? "" : text.trim();
        if (trimmed.isEmpty()) {
            return new CpuList(set);
        }
        for (String part : trimmed.split(",")) {
            String item = part.trim();
            // isolcpus= may carry flags such as "domain" or "nohz"; they name no CPU
            if (item.isEmpty() || Character.isLetter(item.charAt(0))) {
                continue;
            }
            try {
                int dash = item.indexOf('-');
                if (dash < 0) {
                    set.set(Integer.parseInt(item));
                } else {
                    int from = Integer.parseInt(item.substring(0, dash));
                    int to = Integer.parseInt(item.substring(dash + 1).replaceFirst(":.*", ""));
                    if (to < from) {
                        throw new IllegalArgumentException("bad CPU range '" + item + "' in '" + text + "'");
                    }
                    set.set(from, to + 1);
                }
            } catch (NumberFormatException e) {
                throw new IllegalArgumentException("bad CPU list '" + text + "'", e);
            }
        }
        return new CpuList(set);
    }

    /** @return a list of the given CPUs */
    public static CpuList of(int... cpus) {
        BitSet set = new BitSet();
        for (int cpu : cpus) {
            set.set(cpu);
        }
        return new CpuList(set);
    }

    public boolean contains(int cpu) {
        return cpu >= 0 && cpus.get(cpu);
    }

    public boolean isEmpty() {
        return cpus.isEmpty();
    }

    public int size() {
        return cpus.cardinality();
    }

    /** @return the CPUs in ascending order */
    public int[] toArray() {
        return cpus.stream().toArray();
    }

    /** @return the highest CPU number, or -1 when empty */
    public int highest() {
        return cpus.length() - 1;
    }

    /** @return these CPUs without {@code cpu} */
    public CpuList without(int cpu) {
        BitSet copy = (BitSet) cpus.clone();
        if (cpu >= 0) {
            copy.clear(cpu);
        }
        return new CpuList(copy);
    }

    /** @return the kernel list format, ranges collapsed ({@code "0-3,6"}) */
    @Override
    public String toString() {
        StringJoiner joiner = new StringJoiner(",");
        int start = cpus.nextSetBit(0);
        while (start >= 0) {
            int end = cpus.nextClearBit(start) - 1;
            joiner.add(start == end ? Integer.toString(start) : start + "-" + end);
            start = cpus.nextSetBit(end + 1);
        }
        return joiner.toString();
    }

    @Override
    public boolean equals(Object other) {
        return other instanceof CpuList list && list.cpus.equals(cpus);
    }

    @Override
    public int hashCode() {
        return cpus.hashCode();
    }
}
