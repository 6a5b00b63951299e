package io.stagebench.output;

import io.stagebench.warning.Warning;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.Optional;
import java.util.regex.Matcher;
import java.util.regex.Pattern;

/**
 * A run's warnings as the concise console shows them: the machine's readiness warnings in one line, and warnings of one
 * catalogue entry folded into one (failed forks that failed alike into the first's line); {@code --verbose} shows each
 * as it was found.
 */
final class WarningLines {

    /** How every readiness warning begins. */
    static final String CHECK_PREFIX = "check: ";

    private WarningLines() {}

    /**
     * @param checks the machine's readiness warnings, each "check: NAME; NAME: what (fix: ...)"
     * @return them in one warning naming what is not ready and where every fix is; none when the machine is ready
     */
    static List<String> machineSummary(List<String> checks) {
        if (checks.size() < 2) {
            return checks;
        }
        List<String> names = new ArrayList<>();
        for (String check : checks) {
            String item = check.startsWith(CHECK_PREFIX) ? check.substring(CHECK_PREFIX.length()) : check;
            int colon = item.indexOf(": ");
            names.add(colon > 0 ? item.substring(0, colon) : item);
        }
        return List.of(CHECK_PREFIX + "this machine is not ready to measure: " + String.join("; ", names) + " (fix: "
                + Warning.MACHINE_NOT_READY.fix() + ")");
    }

    /**
     * @param warnings a run's warnings, in order
     * @return them with two or more of one catalogue entry folded into one line, in place of the first: their subjects,
     *     what the entry reads and its fix, the figures of each left to {@code --verbose}; failed forks are never
     *     folded, each keeping its reason
     */
    static List<String> foldAlike(List<String> warnings) {
        Map<Warning, List<String>> byEntry = new LinkedHashMap<>();
        for (String w : warnings) {
            Warning.of(w, Warning.Scope.RUN)
                    .ifPresent(entry -> byEntry.computeIfAbsent(entry, k -> new ArrayList<>())
                            .add(w));
        }
        List<String> out = new ArrayList<>();
        for (String w : warnings) {
            Optional<Warning> entry = Warning.of(w, Warning.Scope.RUN);
            List<String> alike = entry.map(byEntry::get).orElse(List.of(w));
            if (entry.filter(e -> e == Warning.FORK_FAILED).isPresent()) {
                sameFailure(w, warnings).ifPresent(out::add); // each failed fork keeps its reason, repeats aside
            } else if (alike.size() < 2) {
                out.add(w);
            } else if (alike.get(0).equals(w)) {
                List<String> subjects = alike.stream()
                        .map(x -> subject(x, entry.get()))
                        .filter(x -> !x.isEmpty())
                        .distinct()
                        .toList();
                out.add((subjects.isEmpty() ? "" : String.join(", ", subjects) + ": ")
                        + entry.get().shown() + " (" + alike.size()
                        + " warnings, each with its figures in --verbose); fix: "
                        + entry.get().fix());
            }
        }
        return out;
    }

    private static final Pattern FAILED_FORK = Pattern.compile("^(.*) fork (\\d+/\\d+) ");

    /**
     * @return a failed fork's warning with the forks that failed the same way after it named ("encode fork 1/3 exited
     *     with code 1; its output is above (and 2 more forks failed the same way: 2/3, 3/3)"); empty for one of those
     *     repeats
     */
    private static Optional<String> sameFailure(String warning, List<String> warnings) {
        if (warning.contains(Warning.SAME_FAILURE_AS)) {
            return Optional.empty();
        }
        Matcher first = FAILED_FORK.matcher(warning);
        if (!first.find()) {
            return Optional.of(warning);
        }
        List<String> repeats = new ArrayList<>();
        for (String w : warnings) {
            Matcher repeat = FAILED_FORK.matcher(w);
            if (w.endsWith(Warning.SAME_FAILURE_AS + first.group(2))
                    && repeat.find()
                    && repeat.group(1).equals(first.group(1))) {
                repeats.add(repeat.group(2));
            }
        }
        return Optional.of(
                repeats.isEmpty()
                        ? warning
                        : warning + " (and " + repeats.size() + " more fork(s) failed" + " the same way: "
                                + String.join(", ", repeats) + ")");
    }

    /** @return what {@code warning} names before the text its entry recognises ("parse fork 4"), or "" */
    private static String subject(String warning, Warning entry) {
        int at = entry.at(warning);
        int colon = at < 0 ? -1 : warning.lastIndexOf(": ", at);
        return colon < 0 ? "" : warning.substring(0, colon);
    }
}
