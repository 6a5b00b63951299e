package io.stagebench.stages.bench;

import io.stagebench.api.Benchmark;
import io.stagebench.api.BenchmarkParams;
import io.stagebench.api.CheckParams;
import io.stagebench.api.Operation;
import io.stagebench.api.Parameter;
import io.stagebench.api.Reset;
import io.stagebench.api.Setup;
import io.stagebench.api.Sink;
import io.stagebench.api.Stamps;
import io.stagebench.stages.itch.ItchMessage;

/**
 * The parse stage alone: decode one ITCH 5.0 message from the replayed stream, tagged by its type
 * ({@link MessageTags}).
 */
@Benchmark(
        name = "parse",
        description = "ITCH 5.0 flyweight decode of one message",
        params = {
            @Parameter(
                    name = ReferenceWorkload.MESSAGES,
                    min = 1,
                    max = ReferenceWorkload.MAX_STREAM_MESSAGES,
                    description = ReferenceWorkload.MESSAGES_DESCRIPTION),
            @Parameter(
                    name = ReferenceWorkload.SEED,
                    defaultValue = ReferenceWorkload.DEFAULT_SEED_TEXT,
                    description = ReferenceWorkload.SEED_DESCRIPTION)
        },
        tags = {
            MessageTags.SYSTEM,
            MessageTags.DIRECTORY,
            MessageTags.ADD,
            MessageTags.ADD_MPID,
            MessageTags.EXECUTE,
            MessageTags.EXECUTE_PRICE,
            MessageTags.CANCEL,
            MessageTags.DELETE,
            MessageTags.REPLACE,
            MessageTags.TRADE,
            MessageTags.OTHER_TYPE
        })
public final class ParseBenchmark implements Operation {

    private MessageCursor messages;
    private int[] tagByType;

    /** The stream setup generates must fit: checked by the launcher before any fork. */
    @CheckParams
    public static void check(BenchmarkParams params) {
        ReferenceWorkload.checkStream(params, 1.0);
    }

    @Setup
    public void setup(BenchmarkParams params) {
        messages = new MessageCursor(ReferenceWorkload.stream(params, 1.0), null);
        messages.startAfter(ReferenceWorkload.PREAMBLE_MESSAGES);
        tagByType = MessageTags.byType(params);
    }

    /** Back to the first measured message: warm-up replays what is measured. */
    @Reset
    public void reset() {
        messages.rewind();
    }

    @Override
    public void run(long seq, Stamps stamps, Sink sink) {
        final int status = messages.parseNext();
        final ItchMessage m = messages.message();
        stamps.tag(tagByType[m.messageType & 0xFF]);
        sink.consume(status);
        sink.consume(m.orderReferenceNumber ^ m.priceE4 ^ m.shares);
    }
}
