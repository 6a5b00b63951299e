package io.stagebench.warning;

import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.regex.Pattern;

/**
 * Every warning the harness prints, as one catalogue: where it is shown ({@link Scope}), how its line reads, a pattern
 * that recognises its text, what it means and its fix. A warning's text is built where the degradation is found (it
 * carries the figures); its fix, where it prints one, is {@link #fix()}. {@link #line(String)} is the one way a warning
 * reaches the console and asserts, under {@code -ea} as the tests run, that the text is catalogued.
 */
public enum Warning {
    // a run's warnings (run, ab's sides, report)
    MACHINE_NOT_READY(
            Scope.RUN,
            "check: ...",
            "^check: ",
            "the machine is not ready to measure: a CPU not isolated, a moving frequency, an SMT sibling, a hypervisor,"
                    + " load",
            "each is in 'stagebench check', and in this report with --verbose"),
    NATIVE_CLOCK_UNAVAILABLE(
            Scope.RUN,
            "native clock unavailable",
            "native clock unavailable",
            "every figure is System.nanoTime()'s, tens of ns coarse",
            "a C compiler for native/, then rebuild"),
    NOT_PINNED(
            Scope.RUN,
            "pinning refused, measuring thread not pinned",
            "pinning (again .*)?refused|thread not pinned",
            "the fork measured unpinned",
            "allow sched_setaffinity, or choose a CPU with --cpu"),
    MEASURING_CPU_NOT_ALONE(
            Scope.RUN,
            "thread(s) besides the measuring one may run on measuring CPU, the launcher JVM may run on the"
                    + " measuring CPU, only one CPU",
            "besides the measuring one may run on measuring CPU|launcher JVM may run on the measuring CPU"
                    + "|^only one CPU",
            "other threads of the run can take the measuring CPU",
            "a machine with a CPU to spare, or --cpu; leave a setup's threads on the CPUs they start on"),
    MEMORY_NOT_LOCKED(
            Scope.RUN,
            "memory not locked",
            "memory not locked",
            "a page of the run can be swapped out",
            "raise the locked-memory limit (ulimit -l) or grant CAP_IPC_LOCK"),
    CPU_NOT_LOCKED(
            Scope.RUN,
            "CPU N could not be locked for this measurement",
            "could not be locked for this measurement",
            "another measurement could share the CPU unnoticed",
            "a writable lock folder (STAGEBENCH_LOCK_DIR)"),
    LAYOUT_BY_CHANCE(
            Scope.RUN,
            "address randomisation could not be turned off",
            "address randomisation could not be",
            "each fork lands in a memory layout by chance",
            "a host or container that allows personality(2)"),
    CPU_SHARED(
            Scope.RUN,
            "another task ran on the measuring CPU",
            "another task ran on the measuring CPU",
            "the measuring thread waited in the run queue at least 100 us and 1% of the pass",
            "stop what else runs on the measuring CPU ('stagebench check' names the busy ones), or isolate it"
                    + " (isolcpus, nohz_full)"),
    CORE_SHARED(
            Scope.RUN,
            "the measuring core was shared in N of M replicas",
            "the measuring core was shared in ",
            "replicas met another guest on the core's other hardware thread; their figures hold the host's moments",
            "compare in one interleaved run (ab) and repeat, or a dedicated core"),
    ALLOCATION(
            Scope.RUN,
            "the ... thread allocated N bytes during measurement",
            "bytes during measurement",
            "the measured code allocates",
            "take the allocation out of the measured code"),
    GC(
            Scope.RUN,
            "N garbage collection(s) during measurement",
            "garbage collection\\(s\\) during measurement",
            "a collection paused the measured code",
            "allocate nothing while measuring"),
    JIT(
            Scope.RUN,
            "N JIT compilation(s) during measurement, the JIT compiler was still busy",
            "JIT compilation\\(s\\) during measurement|ms of JIT compilation during measurement"
                    + "|JIT compiler was still busy",
            "every retry of the pass compiled, so its figures hold the compiler's work",
            "a longer warm-up (-w), or a @Reset so warm-up replays the measured messages"),
    BELOW_C2(
            Scope.RUN,
            "stage ... ran N times before it was measured, measured code below C2",
            "times before it was measured|measured code below C2",
            "the figures are of code the JIT had not finished",
            "a longer warm-up (-w, e.g. -w 30s), or a stream in which that code runs more often"),
    REPLICA_RECOMPILED(
            Scope.RUN,
            "replica 1 measured code the JIT threw away",
            "measured code the JIT threw away",
            "replica 1 measured another compilation than the later replicas",
            "a warm-up whose messages take the setup's paths too, or -r 1"),
    PROBE_SWAMPS(
            Scope.RUN,
            "probe >20% of p50: mostly arithmetic",
            "probe >20% of p50",
            "the probe is over a fifth of the stage, so the figure is mostly the probe's arithmetic",
            "the --batch it names, or time a coarser boundary for some of a pipeline's stages"),
    KERNEL_CLOCK_BOUND(
            Scope.RUN,
            "the kernel clock's mapping (+-N ns) is >10% of p50",
            "the kernel clock's mapping",
            "a stage from or to a kernel timestamp is uncertain by that bound, a large share of its figure",
            "a quieter measuring CPU: an interrupt inside a wall-clock read widens its bracket (stagebench check)"),
    FEW_TAIL_SAMPLES(
            Scope.RUN,
            "<100 samples beyond (marked *)",
            "<100 samples beyond|too few samples for",
            "those percentiles rest on fewer than 100 samples",
            "raise -n"),
    FEW_FORKS(
            Scope.RUN,
            "N fork(s) per benchmark: a comparison needs at least 5",
            "fork\\(s\\) per benchmark: a comparison|fork\\(s\\); comparisons need",
            "too few forks to compare this run with another (not said with --quick)",
            "-f 5"),
    FORK_FAILED(
            Scope.RUN,
            "fork i/N ..., every fork failed",
            "\\bfork \\d+/\\d+ |every fork failed|forks? (\\d+ )?failed",
            "a fork crashed, timed out, was stopped or wrote no result; the other forks' results are kept",
            "read the fork's output, printed above the warning"),
    STOPPED(
            Scope.RUN,
            "the run was stopped (SIGINT or SIGTERM)",
            "the run was stopped \\(",
            "the run holds only the forks measured before it was stopped",
            "run it again to the end"),
    PROFILED(
            Scope.RUN,
            "profiled (--prof EVENT): not a measurement",
            "^profiled \\(--prof ",
            "the profiler's samples interrupted the measured passes, so the figures hold its cost",
            "measure again without --prof; diff, history and bisect leave a profiled run out"),
    PROFILER_DID_NOT_RUN(
            Scope.RUN,
            "--prof EVENT: async-profiler did not run",
            "async-profiler did not run",
            "the fork measured without its profile",
            "a Linux or macOS machine on x64 or arm64, and perf_event_paranoid 2 or lower for cpu"),
    PROFILED_BY_JFR(
            Scope.RUN,
            "--prof EVENT: async-profiler could not load, so JFR profiled the measured passes instead",
            "JFR profiled the measured passes instead",
            "the profile holds Java frames only (a native clock read is not in it); the benchmark's flame graph is drawn from"
                    + " it, a fork's own is not",
            "a Linux or macOS machine on x64 or arm64"),
    FORK_HEAP(
            Scope.RUN,
            "... more than half the fork's heap, ... three quarters of this machine's memory",
            "more than half the fork's heap|three quarters of this machine's",
            "the messages and stamp arrays of a fork need more heap than it has, or than the machine can give",
            "a larger heap (--jvm-arg=-Xmx...), or fewer messages (-n, -w)"),
    COMMIT_UNKNOWN(
            Scope.RUN,
            "the commit measured is not known",
            "the commit measured is not known",
            "the run is stored under nocommit",
            "the fix git's reason names"),
    WRONG_MARKS(
            Scope.RUN,
            "N messages marked the wrong number of stage boundaries",
            "marked the wrong number of stage",
            "the benchmark's mark() calls do not match its stages",
            "mark each stage boundary once a message"),
    CLASS_CACHE_NOT_MAPPED(
            Scope.RUN,
            "the fork class cache ... was not mapped",
            "class cache .*was not mapped",
            "that fork loaded its classes itself",
            "delete the file; the next run trains it again"),
    HANDOFF_NEGATIVE(
            Scope.RUN,
            "N messages were consumed before they were published",
            "messages were consumed",
            "the cross-core ruler read a consumer before its producer",
            "see handoff.md: the cross-core ruler"),
    STALL_INJECTED(
            Scope.RUN,
            "stall injected: N us ... (a demonstration, not the benchmark's own behaviour)",
            "stall injected: ",
            "--stall-us put a busy stall inside the measured interval, as asked",
            "none: leave out --stall-us to measure the benchmark alone"),
    DEMO_SHAPE(
            Scope.RUN,
            "the paced p99 ... is below 0.9 x the stall, the closed-loop p99 ... is more than twice the"
                    + " service time",
            "the paced p99 .* below 0\\.9 x the stall|the closed-loop p99 .* more than twice the service",
            "demo co's figures did not take the shape the demonstration shows: the machine added stalls of its own",
            "a quieter measuring CPU ('stagebench run jitter' shows its stalls), then the demo again"),
    REPORT_NOT_WRITTEN(
            Scope.RUN,
            "the HTML report was not written",
            "HTML report was not written",
            "report.html is missing; summary.json and the rest of the run folder are kept",
            "'stagebench report' on the run folder writes it again"),

    // a comparison's warnings (diff, ab, history, bisect)
    SAME_RUN(
            Scope.COMPARE,
            "A and B are the same run",
            "^A and B are the same run",
            "both sides are one run folder, so nothing can differ",
            "name two runs"),
    ENVIRONMENT_UNKNOWN(
            Scope.COMPARE,
            "run A records no environment (written by an older stagebench)",
            "written by an older stagebench",
            "whether CPU, kernel, JVM, governor, turbo or pinning differ is unknown; only the clock binding and the"
                    + " measuring CPU were compared",
            "measure that side again with this version"),
    ENVIRONMENTS_DIFFER(
            Scope.COMPARE,
            "environments differ in FIELD: A '...', B '...'",
            "^environments differ in ",
            "another CPU, kernel, JVM, governor or clock binding",
            "compare runs of one machine, or ab on it"),
    SETTINGS_DIFFER(
            Scope.COMPARE,
            "runs measured with different settings: config....",
            "^runs measured with different settings",
            "messages, warm-up, mode, JVM flags or parameters differ",
            "measure both with the same options"),
    RULERS_DIFFER(
            Scope.COMPARE,
            "A and B were measured with different rulers",
            "measured with different rulers",
            "ab of an older build: its forks subtract another probe overhead",
            "compare builds whose forks measure with one ruler"),
    FEW_FORKS_COMPARED(
            Scope.COMPARE,
            "NAME: N v M forks (fewer than 5 a side): ...",
            "\\(fewer than \\d+ a side\\)",
            "states the smallest p those fork counts can give",
            "more forks (-f), or ab"),
    HOLM_OUT_OF_REACH(
            Scope.COMPARE,
            "NAME: ... give p >= ... at best; over the N rows ...",
            "at best; over the \\d+ rows",
            "Holm's first step is out of reach: nothing in that benchmark can be called",
            "more forks (ab starts at 13 a side); fewer rows (-b, --stat tmean)"),
    CORE_STATES_DIFFER(
            Scope.COMPARE,
            "NAME: the measuring core was in another state in A than in B",
            "in another state in A than in B",
            "the host shared the core more on one side, so the difference is partly the host's",
            "compare in one interleaved run (ab)"),
    LAYOUT_SEEDS_DIFFER(
            Scope.COMPARE,
            "NAME: forks ... ran from different layout seeds",
            "ran from different layout seeds",
            "the pairs do not share their memory layouts, so they are not paired",
            "compare runs that ab or bisect measured as pairs"),
    FORK_FAILED_ONE_SIDE(
            Scope.COMPARE,
            "NAME: fork(s) [i] failed on one side",
            "failed on one side",
            "their partners are left out of the pairs and of the A and B columns",
            "read the failed fork's warning"),
    ONLY_ONE_SIDE(
            Scope.COMPARE,
            "benchmark X is only in A; not compared (or a series)",
            "is only in [AB]; not compared",
            "one side lacks it",
            "measure it on both sides"),
    SIDE_DEGRADED(
            Scope.COMPARE,
            "A (...): ...",
            "^[AB] \\(",
            "that side's run was stopped, or its core shared, so its figures hold fewer forks or the host's moments",
            "stagebench report on that run"),
    SIDE_WARNINGS(
            Scope.COMPARE,
            "run A recorded N warning(s) of its own",
            "^run [AB] recorded \\d+ warning",
            "that side's run warned when it was measured",
            "stagebench report on that run");

    /** Where a warning is shown, and which table of the manual lists it. */
    public enum Scope {
        /** A run's warnings: the run's console, its report and its summary.json. */
        RUN,
        /** A comparison's warnings: diff, ab, history and bisect. */
        COMPARE
    }

    /** How every warning line begins on the console and in the reports. */
    public static final String PREFIX = "*** WARNING: ";

    private final Scope scope;
    private final String shown;
    private final Pattern pattern;
    private final String meaning;
    private final String fix;

    Warning(Scope scope, String shown, String regex, String meaning, String fix) {
        this.scope = scope;
        this.shown = shown;
        this.pattern = Pattern.compile(regex);
        this.meaning = meaning;
        this.fix = fix;
    }

    /** How a failed fork's warning ends when an earlier fork failed alike: "...; the same output as fork 1/3". */
    public static final String SAME_FAILURE_AS = "the same output as fork ";

    /** @return the entry's code, as the manual's tables list it: {@code core-shared} */
    public String code() {
        return name().toLowerCase(Locale.ROOT).replace('_', '-');
    }

    public Scope scope() {
        return scope;
    }

    /** @return how the warning's line reads, its figures as {@code N} or {@code ...} */
    public String shown() {
        return shown;
    }

    public String meaning() {
        return meaning;
    }

    /** @return the fix, as the warning's line prints it where it prints one */
    public String fix() {
        return fix;
    }

    /** @return whether {@code text} (a warning without its prefix) is this entry's */
    public boolean matches(String text) {
        return pattern.matcher(text).find();
    }

    /** @return where in {@code text} this entry's pattern first finds it, or -1 */
    public int at(String text) {
        var matcher = pattern.matcher(text);
        return matcher.find() ? matcher.start() : -1;
    }

    /** @return the first entry of {@code scope} whose pattern finds {@code text}, in catalogue order */
    public static Optional<Warning> of(String text, Scope scope) {
        for (Warning warning : values()) {
            if (warning.scope == scope && warning.matches(text)) {
                return Optional.of(warning);
            }
        }
        return Optional.empty();
    }

    /** @return the first entry of any scope whose pattern finds {@code text} */
    public static Optional<Warning> of(String text) {
        return of(text, Scope.COMPARE).or(() -> of(text, Scope.RUN));
    }

    /** @return every entry of {@code scope}, in catalogue order */
    public static List<Warning> of(Scope scope) {
        return List.of(values()).stream().filter(w -> w.scope == scope).toList();
    }

    /**
     * @return {@code text} as a console line; under {@code -ea} an error when no entry recognises it, so a warning
     *     added without its catalogue entry fails the tests that print it
     */
    public static String line(String text) {
        assert of(text).isPresent() : "a warning the catalogue does not know (add it to warning.Warning): " + text;
        return PREFIX + text;
    }
}
