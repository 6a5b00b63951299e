package io.stagebench.stages.cli;

import com.fasterxml.jackson.databind.ObjectMapper;
import com.fasterxml.jackson.databind.SerializationFeature;
import io.stagebench.config.UsageException;
import io.stagebench.stages.ItchReplay;
import io.stagebench.stages.ItchReplay.BookTop;
import io.stagebench.stages.ItchReplay.Top;
import io.stagebench.stages.RejectReason;
import io.stagebench.stages.itch.ItchFileReader;
import java.io.IOException;
import java.io.PrintWriter;
import java.io.UncheckedIOException;
import java.nio.file.Files;
import java.nio.file.Path;
import java.util.ArrayList;
import java.util.LinkedHashMap;
import java.util.List;
import java.util.Map;
import java.util.concurrent.Callable;
import picocli.CommandLine.Command;
import picocli.CommandLine.Model.CommandSpec;
import picocli.CommandLine.Option;
import picocli.CommandLine.Parameters;
import picocli.CommandLine.Spec;

/**
 * {@code stagebench itch FILE [--json]}: replays an ITCH 5.0 capture through parse and book and prints messages per
 * type, rejections per reason and the final best bid and ask per stock locate.
 *
 * <p>JSON shape:
 *
 * <pre>{@code
 * {
 *   "messages": {"A": 400123, "D": 180042, ...},
 *   "rejected": {"truncated": 0, "length_too_short": 0, ...every reason...},
 *   "books": [{"locate": 1, "bid": {"price": 1234500, "shares": 300}, "ask": null}, ...]
 * }
 * }</pre>
 *
 * Prices are in the spec's integer units (4 implied decimals).
 */
@Command(
        name = "itch",
        mixinStandardHelpOptions = true,
        description = {
            "Replay an ITCH 5.0 file (plain or .gz) through parse and book.",
            "Prints messages per type, rejected messages per reason and the final best bid and ask "
                    + "(price in 1/10000 dollars, aggregate shares) per stock locate."
        },
        exitCodeListHeading = "%nExit codes:%n",
        exitCodeList = {"0:replayed (rejections are reported, not failures)", "2:FILE missing or unreadable, bad option"
        })
public final class ItchCommand implements Callable<Integer> {

    @Spec
    CommandSpec spec;

    @Parameters(index = "0", paramLabel = "FILE", description = "ITCH 5.0 file, plain or gzip-compressed.")
    Path file;

    @Option(names = "--json", description = "Print JSON instead of text.")
    boolean json;

    @Option(
            names = "--framing",
            paramLabel = "FRAMING",
            defaultValue = "length-prefixed",
            description = "length-prefixed (NASDAQ sample files; default) or moldudp64 "
                    + "(MoldUDP64 packets, each preceded by a 2-byte length).")
    String framing;

    @Option(
            names = "--max-orders",
            paramLabel = "N",
            defaultValue = "1048576",
            description = "Book capacity in live orders (default: ${DEFAULT-VALUE}); "
                    + "adds beyond it are rejected as order_capacity.")
    int maxOrders;

    @Option(
            names = "--max-locate",
            paramLabel = "N",
            defaultValue = "65535",
            description = "Highest stock locate accepted (default: ${DEFAULT-VALUE}).")
    int maxLocate;

    @Override
    public Integer call() {
        final ItchFileReader.Framing parsedFraming = Framings.parse(framing);
        if (maxOrders < 1 || maxOrders > (1 << 28)) {
            throw new UsageException("--max-orders must be in [1, 268435456]: " + maxOrders);
        }
        if (maxLocate < 1 || maxLocate > 65_535) {
            throw new UsageException("--max-locate must be in [1, 65535]: " + maxLocate);
        }
        checkReadable(file);
        final ItchReplay.Result result;
        try {
            result = ItchReplay.replay(file, parsedFraming, maxLocate, maxOrders);
        } catch (IOException e) {
            throw new UsageException("cannot read " + file + ": " + e.getMessage(), e);
        }
        final PrintWriter out = spec.commandLine().getOut();
        if (json) {
            printJson(result, out);
        } else {
            printText(result, out);
        }
        out.flush();
        return 0;
    }

    /** @throws UsageException naming why {@code file} cannot be replayed: missing, not a regular file, or unreadable */
    private static void checkReadable(Path file) {
        if (!Files.exists(file)) {
            throw new UsageException("cannot read " + file + ": no such file");
        }
        if (!Files.isRegularFile(file)) {
            throw new UsageException("cannot read " + file + ": not a regular file");
        }
        if (!Files.isReadable(file)) {
            throw new UsageException("cannot read " + file + ": permission denied");
        }
    }

    static Map<String, Object> toJsonTree(ItchReplay.Result result) {
        final Map<String, Object> root = new LinkedHashMap<>();
        final Map<String, Long> messages = new LinkedHashMap<>();
        result.messagesByType().forEach((type, count) -> messages.put(String.valueOf(type), count));
        root.put("messages", messages);
        root.put("rejected", result.rejects().toMap());
        final List<Map<String, Object>> books = new ArrayList<>();
        for (BookTop book : result.books()) {
            final Map<String, Object> entry = new LinkedHashMap<>();
            entry.put("locate", book.locate());
            entry.put("bid", side(book.bid()));
            entry.put("ask", side(book.ask()));
            books.add(entry);
        }
        root.put("books", books);
        return root;
    }

    private static Map<String, Long> side(Top top) {
        if (top == null) {
            return null;
        }
        final Map<String, Long> side = new LinkedHashMap<>();
        side.put("price", top.priceE4());
        side.put("shares", top.shares());
        return side;
    }

    private static void printJson(ItchReplay.Result result, PrintWriter out) {
        try {
            out.println(new ObjectMapper()
                    .enable(SerializationFeature.INDENT_OUTPUT)
                    .writeValueAsString(toJsonTree(result)));
        } catch (IOException e) {
            throw new UncheckedIOException(e);
        }
    }

    private void printText(ItchReplay.Result result, PrintWriter out) {
        out.printf("file %s (%s)%n", file, framing);
        out.printf("%nmessages: %d%n", result.messageCount());
        out.printf("  %-4s %12s%n", "type", "count");
        result.messagesByType().forEach((type, count) -> out.printf("  %-4s %12d%n", type, count));

        final long rejected = result.rejects().total();
        out.printf("%nrejected: %d%n", rejected);
        if (rejected > 0) {
            out.printf("  %-24s %12s%n", "reason", "count");
            for (RejectReason reason : RejectReason.values()) {
                final long count = result.rejects().count(reason);
                if (count > 0) {
                    out.printf("  %-24s %12d%n", reason.label(), count);
                }
            }
        }

        out.printf(
                "%nbooks: %d (price in 1/10000 dollars; - = empty side)%n",
                result.books().size());
        out.printf(
                "  %6s  %-8s %12s %10s %12s %10s%n",
                "locate", "stock", "bid_price", "bid_shares", "ask_price", "ask_shares");
        for (BookTop book : result.books()) {
            out.printf(
                    "  %6d  %-8s %12s %10s %12s %10s%n",
                    book.locate(),
                    book.stockSymbol(),
                    book.bid() == null ? "-" : Long.toString(book.bid().priceE4()),
                    book.bid() == null ? "-" : Long.toString(book.bid().shares()),
                    book.ask() == null ? "-" : Long.toString(book.ask().priceE4()),
                    book.ask() == null ? "-" : Long.toString(book.ask().shares()));
        }
    }
}
