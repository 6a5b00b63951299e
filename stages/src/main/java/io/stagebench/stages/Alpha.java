package io.stagebench.stages;

/**
 * NASDAQ "Alpha" fields (left-justified, space-padded ASCII) packed into a primitive: an 8-byte stock symbol is one
 * big-endian {@code long}, a 4-byte MPID or firm is one {@code int}. Packed so the hot path moves symbols without a
 * {@code String} or a {@code byte[]}; the {@code String} conversions here are for set-up, tests and output only.
 */
public final class Alpha {

    private static final byte SPACE = ' ';

    private Alpha() {}

    /**
     * @param text at most 8 ASCII characters
     * @return the 8-byte space-padded field as a big-endian {@code long} (first character in the top byte)
     * @throws IllegalArgumentException if {@code text} is longer than 8 characters or not ASCII
     */
    public static long packStock(String text) {
        return pack(text, 8);
    }

    /**
     * @param text at most 4 ASCII characters
     * @return the 4-byte space-padded field as a big-endian {@code int}
     * @throws IllegalArgumentException if {@code text} is longer than 4 characters or not ASCII
     */
    public static int packFirm(String text) {
        return (int) pack(text, 4);
    }

    /** @return the 8-byte packed field as text with trailing spaces removed */
    public static String unpackStock(long packed) {
        return unpack(packed, 8);
    }

    /** @return the 4-byte packed field as text with trailing spaces removed */
    public static String unpackFirm(int packed) {
        return unpack(packed & 0xFFFF_FFFFL, 4);
    }

    private static long pack(String text, int width) {
        if (text.length() > width) {
            throw new IllegalArgumentException("alpha field longer than " + width + " characters: '" + text + "'");
        }
        long packed = 0;
        for (int i = 0; i < width; i++) {
            int c = i < text.length() ? text.charAt(i) : SPACE;
            if (c > 0x7F) {
                throw new IllegalArgumentException("alpha field is not ASCII: '" + text + "'");
            }
            packed = (packed << 8) | c;
        }
        return packed;
    }

    private static String unpack(long packed, int width) {
        char[] chars = new char[width];
        for (int i = 0; i < width; i++) {
            chars[i] = (char) ((packed >>> (8 * (width - 1 - i))) & 0xFF);
        }
        int end = width;
        while (end > 0 && chars[end - 1] == SPACE) {
            end--;
        }
        return new String(chars, 0, end);
    }
}
