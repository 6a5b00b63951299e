package io.stagebench.stages.bench;

import io.stagebench.api.BenchmarkParams;
import io.stagebench.extension.Harness;
import io.stagebench.stages.Pipeline;
import io.stagebench.stages.book.OrderBook;
import io.stagebench.stages.decide.Decision;
import io.stagebench.stages.decide.ImbalanceStrategy;
import io.stagebench.stages.itch.GeneratedMarketData;
import io.stagebench.stages.itch.MarketDataGenerator;
import java.io.ByteArrayOutputStream;
import java.io.IOException;
import java.io.InputStream;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.List;
import java.util.Locale;
import java.util.Optional;
import java.util.zip.CRC32;

/**
 * The workload every reference benchmark replays - the stagebench ones in this package and the JMH ones in
 * {@code io.stagebench.stages.jmh} alike, so both harnesses measure the same work: a market-data stream generated from
 * a seed ({@code --param seed=N}, the same in every fork so forks measure the same workload), books and strategies
 * sized for it, and the decisions the pipeline makes on it. Every reference benchmark declares the two parameters
 * ({@value #MESSAGES}, {@value #SEED}) with the constants here, so the launcher checks them alike.
 *
 * <p>A stagebench fork's stream is long enough for its warm-up and measurement together. The benchmarks declare a
 * {@code @Reset} that rewinds to the first message after an untimed {@link #PREAMBLE_MESSAGES preamble}, so the harness
 * warms them up on the very messages it then measures. Messages are walked with a cursor rather than {@code seq %
 * count}: a 64-bit division takes tens of cycles, which would land inside the measured interval.
 */
public final class ReferenceWorkload {

    /** Default generator seed. */
    public static final long DEFAULT_SEED = 20_261_130L;
    /** Stream length when the total is unknown (warm-up bounded by time, or JMH). */
    public static final int DEFAULT_STREAM_MESSAGES = 2_000_000;
    /**
     * Messages a stagebench benchmark runs untimed in setup before the measured ones (and restores, by copy, at every
     * {@code @Reset}): books fill from empty in the stream's first few thousand messages, and a measurement should see
     * them as they are for the rest of it.
     */
    public static final int PREAMBLE_MESSAGES = 20_000;
    /** Longest stream accepted. */
    public static final int MAX_STREAM_MESSAGES = 50_000_000;

    /** {@code --param messages=N}: the stream's length, declared by every reference benchmark. */
    public static final String MESSAGES = "messages";
    /** What {@link #MESSAGES} changes. */
    public static final String MESSAGES_DESCRIPTION = "length of the replayed stream (default: enough for warm-up and"
            + " measurement, " + DEFAULT_STREAM_MESSAGES + " when warm-up is a time)";
    /** {@code --param seed=S}: the generator's seed, declared by every reference benchmark. */
    public static final String SEED = "seed";
    /** {@link #DEFAULT_SEED} as declared. */
    public static final String DEFAULT_SEED_TEXT = "" + DEFAULT_SEED;
    /** What {@link #SEED} changes. */
    public static final String SEED_DESCRIPTION = "market-data generator seed, the same in every fork";

    private static final MarketDataGenerator.Config CONFIG = MarketDataGenerator.Config.defaults();

    private ReferenceWorkload() {}

    /**
     * @param params the fork's parameters
     * @param messagesPerOp how many stream messages one measured call consumes on average
     * @return a stream covering warm-up and measurement, with {@code --param messages=N} as an override
     */
    public static GeneratedMarketData stream(BenchmarkParams params, double messagesPerOp) {
        return stream(params.longParam(SEED, DEFAULT_SEED), streamLength(params, messagesPerOp));
    }

    /**
     * The check every reference benchmark's {@link io.stagebench.api.CheckParams} method makes: the stream its setup
     * would generate fits {@value #MAX_STREAM_MESSAGES} messages.
     *
     * @throws IllegalArgumentException one line naming the limit and what to lower
     */
    public static void checkStream(BenchmarkParams params, double messagesPerOp) {
        streamLength(params, messagesPerOp);
    }

    private static int streamLength(BenchmarkParams params, double messagesPerOp) {
        long total = params.totalMessages();
        if (params.params().containsKey(MESSAGES)) {
            long count = params.longParam(MESSAGES, 0);
            if (count < 1 || count > MAX_STREAM_MESSAGES) {
                throw new IllegalArgumentException(
                        "--param messages must be in [1, " + MAX_STREAM_MESSAGES + "], got " + count);
            }
            return (int) count;
        }
        if (total <= 0) {
            return DEFAULT_STREAM_MESSAGES;
        }
        double wanted = Math.ceil(total * messagesPerOp) + PREAMBLE_MESSAGES + 10_000;
        if (wanted > MAX_STREAM_MESSAGES) {
            throw new IllegalArgumentException(String.format(
                    Locale.ROOT,
                    "warm-up and measured messages (%,d + %,d)"
                            + " need a stream of %,.0f messages, over the limit of %,d; lower -n or -w (a warm-up that replays"
                            + " needs no more: try -w 1s), or set --param messages=N",
                    params.warmupMessages(),
                    params.measuredMessages(),
                    wanted,
                    MAX_STREAM_MESSAGES));
        }
        return (int) wanted;
    }

    /**
     * @param seed generator seed
     * @param count messages, 1 to {@value #MAX_STREAM_MESSAGES}
     * @return the generated stream
     */
    public static GeneratedMarketData stream(long seed, int count) {
        if (count < 1 || count > MAX_STREAM_MESSAGES) {
            throw new IllegalArgumentException(
                    "stream length must be in [1, " + MAX_STREAM_MESSAGES + "], got " + count);
        }
        Path cache = cacheFile(seed, count);
        if (cache != null && Files.isReadable(cache)) {
            try {
                // not Files.readAllBytes: its file-sized native buffer costs a fork page faults (Harness.readFile)
                GeneratedMarketData cached = GeneratedMarketData.fromLengthPrefixed(Harness.readFile(cache));
                if (cached.messageCount() == count) {
                    return cached;
                }
            } catch (IOException | RuntimeException e) {
                // regenerate below
            }
        }
        GeneratedMarketData generated = MarketDataGenerator.generate(seed, count);
        if (cache != null) {
            try {
                ByteArrayOutputStream bytes = new ByteArrayOutputStream(generated.byteLength());
                generated.writeTo(bytes);
                Harness.writeAtomically(cache, bytes::writeTo);
            } catch (IOException | RuntimeException e) {
                // the cache only saves time
            }
        }
        return generated;
    }

    /**
     * Every fork of every reference benchmark replays the same stream, so the first one that needs it writes it to a
     * cache file and the others read it: reading it takes a small part of what generating takes (docs/decisions.md,
     * "Setup caches"), and running the generator in a fork queues JIT compiles of setup code ahead of the benchmark's
     * own. The file name carries the seed, the count and a checksum of the generator's classes, so a changed generator
     * never replays an old stream.
     */
    private static Path cacheFile(long seed, int count) {
        try {
            CRC32 crc = new CRC32();
            for (Class<?> type :
                    new Class<?>[] {MarketDataGenerator.class, io.stagebench.stages.itch.ItchWriter.class}) {
                try (InputStream in = type.getResourceAsStream(type.getSimpleName() + ".class")) {
                    if (in == null) {
                        return null;
                    }
                    crc.update(in.readAllBytes());
                }
            }
            return Path.of(
                    System.getProperty("java.io.tmpdir"),
                    "stagebench-streams",
                    "itch-" + seed + "-" + count + "-" + Long.toHexString(crc.getValue()) + ".bin");
        } catch (IOException | RuntimeException e) {
            return null;
        }
    }

    /** @return an empty book with room for every instrument and twice the generator's live orders */
    public static OrderBook newBook() {
        return new OrderBook(CONFIG.instruments() + 1, CONFIG.maxLiveOrders() * 2);
    }

    /** @return a strategy with the default configuration for every instrument */
    public static ImbalanceStrategy newStrategy() {
        return new ImbalanceStrategy(CONFIG.instruments() + 1, ImbalanceStrategy.Config.defaults());
    }

    /** @return a pipeline sized like {@link #newBook()} */
    public static Pipeline newPipeline() {
        return new Pipeline(CONFIG.instruments() + 1, CONFIG.maxLiveOrders() * 2);
    }

    /**
     * The decisions the pipeline makes on the stream {@link #stream(BenchmarkParams, double)} gives: replayed once and
     * stored ({@link DecisionCache}), then read back by every later fork and replica of the same stream and code.
     *
     * @throws IllegalStateException when the strategy decides nothing: there would be nothing to encode
     */
    public static Decision[] decisions(BenchmarkParams params, double messagesPerOp) {
        long seed = params.longParam(SEED, DEFAULT_SEED);
        int count = streamLength(params, messagesPerOp);
        Optional<Decision[]> stored = DecisionCache.read(seed, count);
        if (stored.isPresent()) {
            return stored.get();
        }
        Decision[] found = decisions(stream(seed, count));
        DecisionCache.write(seed, count, found);
        return found;
    }

    /**
     * Replays {@code stream} through a fresh pipeline and copies every decision it makes.
     *
     * @throws IllegalStateException when the strategy decides nothing: there would be nothing to encode
     */
    public static Decision[] decisions(GeneratedMarketData stream) {
        Pipeline pipeline = newPipeline();
        List<Decision> captured = new ArrayList<>();
        for (int i = 0; i < stream.messageCount(); i++) {
            if (pipeline.onMessage(stream.segment(), stream.messageOffset(i), stream.messageLength(i)) > 0) {
                captured.add(copy(pipeline.strategy().decision()));
            }
        }
        if (captured.isEmpty()) {
            throw new IllegalStateException(
                    "the strategy made no decision over " + stream.messageCount() + " messages: nothing to encode");
        }
        return captured.toArray(new Decision[0]);
    }

    private static Decision copy(Decision d) {
        Decision c = new Decision();
        c.locate = d.locate;
        c.stock = d.stock;
        c.side = d.side;
        c.priceE4 = d.priceE4;
        c.shares = d.shares;
        c.timeInForce = d.timeInForce;
        c.triggerTimestampNs = d.triggerTimestampNs;
        return c;
    }
}
