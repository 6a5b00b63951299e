package io.stagebench.stages.cli;

import io.stagebench.config.UsageException;
import io.stagebench.extension.Harness;
import io.stagebench.stages.itch.ItchFileReader;
import io.stagebench.stages.itch.ItchLayout;
import io.stagebench.stages.itch.MarketDataGenerator;
import io.stagebench.stages.itch.MoldUdp64PacketWriter;
import java.io.BufferedOutputStream;
import java.io.IOException;
import java.io.OutputStream;
import java.lang.foreign.MemorySegment;
import java.nio.file.Path;
import java.util.concurrent.Callable;
import java.util.zip.GZIPOutputStream;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Spec;

/**
 * {@code stagebench itch-gen --count N --seed S --out FILE}: writes a generated, deterministic ITCH 5.0 file (see
 * {@link MarketDataGenerator}) that {@code stagebench itch} and the benchmarks can replay. The same count, seed and
 * options always give the same bytes. The file is written atomically (a temporary file renamed over it): a write that
 * fails leaves no partial file, and the failure is one line naming the file and the reason (exit 2).
 */
@Command(
        name = "itch-gen",
        mixinStandardHelpOptions = true,
        description = {
            "Write a generated ITCH 5.0 file: seeded and deterministic, consistent with the book.",
            "A FILE name ending in .gz is gzip-compressed."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:written", "2:bad option or FILE not writable"})
public final class ItchGenCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Option(names = "--out", required = true, paramLabel = "FILE", description = "File to write.")
    Path out;

    @Option(
            names = "--count",
            paramLabel = "N",
            defaultValue = "1000000",
            description = "Messages to write (default: ${DEFAULT-VALUE}).")
    long count;

    @Option(
            names = "--seed",
            paramLabel = "S",
            defaultValue = "1",
            description = "Random seed (default: ${DEFAULT-VALUE}).")
    long seed;

    @Option(
            names = "--instruments",
            paramLabel = "K",
            defaultValue = "8",
            description = "Instruments, stock locates 1..K (default: ${DEFAULT-VALUE}).")
    int instruments;

    @Option(
            names = "--live-orders",
            paramLabel = "L",
            defaultValue = "200",
            description = "Target live orders per instrument (default: ${DEFAULT-VALUE}).")
    int liveOrders;

    @Option(
            names = "--framing",
            paramLabel = "FRAMING",
            defaultValue = "length-prefixed",
            description = "length-prefixed (default) or moldudp64 (MoldUDP64 packets of at most 1400 bytes, "
                    + "each preceded by a 2-byte length).")
    String framing;

    @Override
    public Integer call() throws IOException {
        final ItchFileReader.Framing parsedFraming = Framings.parse(framing);
        if (count < 0) {
            throw new UsageException("--count must be >= 0: " + count);
        }
        final MarketDataGenerator.Config config;
        try {
            config = new MarketDataGenerator.Config(instruments, liveOrders);
        } catch (IllegalArgumentException e) {
            throw new UsageException(e.getMessage());
        }
        write(config, parsedFraming);
        spec.commandLine()
                .getOut()
                .printf(
                        "wrote %d messages (seed %d, %d instruments, %s) to %s%n",
                        count, seed, instruments, framing, out);
        spec.commandLine().getOut().flush();
        return 0;
    }

    /**
     * Writes the stream to {@code out} atomically, like results: a full disk or a kill leaves the old file (or none),
     * never half of one.
     */
    private void write(MarketDataGenerator.Config config, ItchFileReader.Framing parsedFraming) throws IOException {
        Harness.writeAtomically(out, file -> {
            try (OutputStream stream = new BufferedOutputStream(
                    out.getFileName().toString().endsWith(".gz") ? new GZIPOutputStream(file, 1 << 16) : file,
                    1 << 16)) {
                if (parsedFraming == ItchFileReader.Framing.LENGTH_PREFIXED) {
                    MarketDataGenerator.write(seed, count, config, stream);
                } else {
                    writeMold(config, stream);
                }
            }
        });
    }

    private void writeMold(MarketDataGenerator.Config config, OutputStream stream) throws IOException {
        final MarketDataGenerator generator = new MarketDataGenerator(seed, config);
        final MemorySegment message = MemorySegment.ofArray(new byte[ItchLayout.MAX_MESSAGE_LENGTH]);
        try (MoldUdp64PacketWriter packets =
                new MoldUdp64PacketWriter(stream, "STAGEBENCH", MoldUdp64PacketWriter.DEFAULT_MAX_PACKET_LENGTH)) {
            for (long i = 0; i < count; i++) {
                packets.write(message, 0, generator.next(message, 0, i, count));
            }
        }
    }
}
