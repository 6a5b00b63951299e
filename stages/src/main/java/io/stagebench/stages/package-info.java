/**
 * The reference trading pipeline the harness measures: parse (NASDAQ TotalView-ITCH 5.0) → book (price-level order book
 * per stock locate) → decide (depth-imbalance strategy) → encode (OUCH 4.2 Enter Order), plus a deterministic
 * market-data generator and a capture reader.
 *
 * <p>Every stage is usable one message at a time, allocates nothing after construction, and reports bad input as a
 * status code ({@link io.stagebench.stages.Status}, {@link io.stagebench.stages.RejectReason}) instead of throwing.
 *
 * <h2>Worked example</h2>
 *
 * <pre>{@code
 * GeneratedMarketData data = MarketDataGenerator.generate(42L, 1_000_000);
 * MemorySegment stream = data.segment();
 *
 * // All four stages per message:
 * Pipeline pipeline = new Pipeline(8, MarketDataGenerator.Config.defaults().maxLiveOrders());
 * for (int i = 0; i < data.messageCount(); i++) {
 *     int written = pipeline.onMessage(stream, data.messageOffset(i), data.messageLength(i));
 *     // written == 49: an Enter Order is in pipeline.outBuffer(); 0: no order; < 0: -RejectReason code
 * }
 *
 * // Or stage by stage, as a benchmark of one stage would:
 * ItchParser parser = new ItchParser();
 * OrderBook book = new OrderBook(8, 4_096);
 * ImbalanceStrategy strategy = new ImbalanceStrategy(8, ImbalanceStrategy.Config.defaults());
 * OuchEncoder encoder = new OuchEncoder();
 * MemorySegment out = MemorySegment.ofArray(new byte[64]);
 * int status = parser.parse(stream, data.messageOffset(i), data.messageLength(i));   // Status.OK
 * status = book.apply(parser.message());                                              // Status.OK
 * ItchMessage m = parser.message();
 * if (strategy.decide(book, m.stockLocate, m.timestampNs)) {
 *     int length = encoder.encodeEnterOrder(strategy.decision(), out, 0);             // 49
 * }
 * }</pre>
 *
 * <p>Replaying a capture: {@link io.stagebench.stages.ItchReplay#replay} or {@code stagebench itch FILE}; writing one:
 * {@code stagebench itch-gen --out FILE}.
 */
package io.stagebench.stages;
