package io.stagebench.nativeaccess;

import com.sun.jna.Native;
import com.sun.jna.Platform;
import java.io.File;
import java.io.IOException;
import java.nio.file.Files;
import java.nio.file.Path;

/**
 * Finds {@code libstagebench} on disk: the path in the system property
 * {@value #PATH_PROPERTY} when set, else the copy packaged on the classpath under JNA's
 * resource prefix (e.g. {@code linux-x86-64/libstagebench.so}), extracted by JNA.
 *
 * <p>The extraction happens once per JVM; the result (a path or the reason there is none)
 * is kept, so every binding in the JVM sees the same library.
 */
public final class NativeLibraryFile {

    /** System property naming an explicit library file; used by tests and unusual installs. */
    public static final String PATH_PROPERTY = "stagebench.native.library";

    /** The library's base name, without prefix or suffix. */
    public static final String LIBRARY_NAME = "stagebench";

    private static volatile Path located;
    private static volatile String failure;

    private NativeLibraryFile() {
    }

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
        File file = Native.extractFromResourcePath(LIBRARY_NAME, NativeLibraryFile.class.getClassLoader());
        return file.toPath();
    }
}
