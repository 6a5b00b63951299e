package io.stagebench.stages.cli;

import io.stagebench.config.UsageException;
import io.stagebench.stages.itch.ItchFileReader;
import java.util.Locale;

/** The {@code --framing} option values shared by {@code itch} and {@code itch-gen}. */
final class Framings {

    static final String LENGTH_PREFIXED = "length-prefixed";
    static final String MOLDUDP64 = "moldudp64";

    private Framings() {}

    /** @throws UsageException if {@code value} is neither {@code length-prefixed} nor {@code moldudp64} */
    static ItchFileReader.Framing parse(String value) {
        return switch (value.toLowerCase(Locale.ROOT)) {
            case LENGTH_PREFIXED -> ItchFileReader.Framing.LENGTH_PREFIXED;
            case MOLDUDP64 -> ItchFileReader.Framing.MOLDUDP64;
            default ->
                throw new UsageException(
                        "--framing must be " + LENGTH_PREFIXED + " or " + MOLDUDP64 + ": '" + value + "'");
        };
    }
}
