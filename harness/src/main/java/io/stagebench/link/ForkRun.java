package io.stagebench.link;

import io.stagebench.json.RecordJson;
import java.util.List;

/**
 * What a fork ran and in which JVM: the benchmark and its stages, how messages were fed (mode, batch, injected stalls)
 * and the JVM's name, flags and collectors. One part of a {@link ForkResult}, written among its fields.
 *
 * <p>What an older build's file lacks reads as {@link OlderBuilds} says.
 *
 * @param benchmark benchmark name
 * @param fork fork number, from 1
 * @param stages stage names
 * @param tags the tag names the benchmark declares, in index order: the raw stamps' tag {@code 1 + i} is
 *     {@code tags[i]} (empty, and absent, for a benchmark that declares none)
 * @param mode back-to-back or paced
 * @param rateHz paced rate (0 when back-to-back)
 * @param batch messages per timed interval ({@code --batch K}): each raw delta is the interval of {@code batch}
 *     consecutive messages; 1 for one interval a message
 * @param stallUs injected stall (0: none)
 * @param stallEvery stall period in messages
 * @param jvm java.vm.name + version
 * @param jvmFlags the fork's JVM input arguments
 * @param collectors the fork's garbage collectors, by their MXBean names
 */
public record ForkRun(
        String benchmark,
        int fork,
        List<String> stages,
        List<String> tags,
        Mode mode,
        double rateHz,
        int batch,
        long stallUs,
        long stallEvery,
        String jvm,
        List<String> jvmFlags,
        List<String> collectors)
        implements RecordJson.Part {

    public ForkRun {
        stages = List.copyOf(stages);
        tags = OlderBuilds.emptyUnlessGiven(tags);
        batch = OlderBuilds.atLeastOne(batch);
        jvmFlags = List.copyOf(jvmFlags);
        collectors = OlderBuilds.emptyUnlessGiven(collectors);
    }
}
