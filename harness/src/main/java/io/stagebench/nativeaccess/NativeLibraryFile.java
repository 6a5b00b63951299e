package io.stagebench.nativeaccess;

import com.sun.jna.Platform;
import io.stagebench.system.UserCache;
import java.io.IOException;
import java.io.InputStream;
import java.net.URISyntaxException;
import java.net.URL;
import java.nio.file.Files;
import java.nio.file.Path;
import java.nio.file.StandardCopyOption;
import java.util.Arrays;
import java.util.zip.CRC32;

/**
 * Finds {@code libstagebench} on disk: the path in the system property {@value #PATH_PROPERTY} when set, else the copy
 * packaged on the classpath under JNA's resource prefix (e.g. {@code linux-x86-64/libstagebench.so}): used in place
 * when the classpath is a folder, else copied once into the user's cache
 * ({@code ~/.cache/stagebench/native/libstagebench-CRC.so}, named by its content, written whole under a temporary name
 * and renamed), where every later JVM finds it.
 *
 * <p>Why not JNA's extraction: it wrote a fresh temporary copy for every fork, and a fork that did not exit normally
 * left its copy behind, and the copies piled up. The result (a path or the reason there is none) is kept, so every
 * binding in the JVM sees the same library.
 */
public final class NativeLibraryFile {

    /** System property naming an explicit library file; used by tests and unusual installs. */
    public static final String PATH_PROPERTY = "stagebench.native.library";

    /** The library's base name, without prefix or suffix. */
    public static final String LIBRARY_NAME = "stagebench";

    private static volatile Path located;
    private static volatile String failure;

    private NativeLibraryFile() {}

    /**
     * @return the library file
     * @throws IllegalStateException with the reason when there is none for this platform
     */
    public static Path path() {
        Path path = located;
        if (path != null) {
            return path;
        }
        synchronized (NativeLibraryFile.class) {
            if (located == null && failure == null) {
                try {
                    located = locate();
                } catch (IOException | RuntimeException | LinkageError e) {
                    failure = e.getMessage() == null ? e.toString() : e.getMessage();
                }
            }
            if (located == null) {
                throw new IllegalStateException(failure);
            }
            return located;
        }
    }

    /** @return JNA's resource prefix for this platform, e.g. {@code linux-x86-64} */
    public static String resourcePrefix() {
        return Platform.RESOURCE_PREFIX;
    }

    private static Path locate() throws IOException {
        String explicit = System.getProperty(PATH_PROPERTY);
        if (explicit != null && !explicit.isBlank()) {
            Path path = Path.of(explicit);
            if (!Files.isReadable(path)) {
                throw new IOException("native library " + path + " (from -D" + PATH_PROPERTY + ") is not readable");
            }
            return path;
        }
        String resource = resourcePrefix() + "/" + System.mapLibraryName(LIBRARY_NAME);
        if (NativeLibraryFile.class.getClassLoader().getResource(resource) == null) {
            throw new IOException("no native clock for " + resourcePrefix() + " on the classpath (" + resource
                    + " missing: the build found no C compiler or does not support this platform)");
        }
        URL url = NativeLibraryFile.class.getClassLoader().getResource(resource);
        if ("file".equals(url.getProtocol())) {
            try {
                return Path.of(url.toURI());
            } catch (URISyntaxException | IllegalArgumentException e) {
                // a file URL no path names: copied like a packaged one
            }
        }
        byte[] bytes;
        try (InputStream in = url.openStream()) {
            bytes = in.readAllBytes();
        }
        try {
            return cached(bytes, UserCache.folder("native"));
        } catch (IOException e) {
            // a cache that cannot be written (a read-only home): a copy of this JVM's own, as JNA made
            Path own = Files.createTempFile(LIBRARY_NAME, System.mapLibraryName(""));
            own.toFile().deleteOnExit();
            return Files.write(own, bytes);
        }
    }

    /**
     * @return a file in {@code folder} holding {@code bytes}, named by their CRC-32: the copy there when it holds them,
     *     else one written now (whole, under a temporary name, then renamed)
     */
    static Path cached(byte[] bytes, Path folder) throws IOException {
        CRC32 crc = new CRC32();
        crc.update(bytes);
        String name = System.mapLibraryName(
                LIBRARY_NAME + "-" + Long.toHexString(crc.getValue() | 1L << 32).substring(1));
        Path file = folder.resolve(name);
        if (Files.isRegularFile(file)
                && Files.size(file) == bytes.length
                && Arrays.equals(Files.readAllBytes(file), bytes)) {
            return file;
        }
        Files.createDirectories(folder);
        Path partial = Files.createTempFile(folder, name, ".partial");
        try {
            Files.write(partial, bytes);
            return Files.move(partial, file, StandardCopyOption.ATOMIC_MOVE, StandardCopyOption.REPLACE_EXISTING);
        } finally {
            Files.deleteIfExists(partial);
        }
    }
}
