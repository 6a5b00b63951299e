/**
 * NASDAQ TotalView-ITCH 5.0: message layouts ({@link io.stagebench.stages.itch.ItchLayout}), the parse stage
 * ({@link io.stagebench.stages.itch.ItchParser} decoding into the reused
 * {@link io.stagebench.stages.itch.ItchMessage}), framing (2-byte length prefix as in NASDAQ's sample files, and
 * MoldUDP64 packets), a capture reader for plain and gzip files ({@link io.stagebench.stages.itch.ItchFileReader}) and
 * a seeded generator of realistic, book-consistent streams ({@link io.stagebench.stages.itch.MarketDataGenerator}).
 */
package io.stagebench.stages.itch;
