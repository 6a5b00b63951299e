package io.stagebench.system;

import java.nio.file.Path;

/**
 * Where stagebench keeps what it can make again but would rather not: the fork's class archives, the clock's library.
 * One folder per kind, under the user's cache ({@code $XDG_CACHE_HOME}, else {@code ~/.cache}).
 */
public final class UserCache {

    private UserCache() {}

    /** @return {@code $XDG_CACHE_HOME/stagebench/KIND}, else {@code ~/.cache/stagebench/KIND} */
    public static Path folder(String kind) {
        String xdg = System.getenv("XDG_CACHE_HOME");
        Path root = xdg != null && !xdg.isBlank() ? Path.of(xdg) : Path.of(System.getProperty("user.home"), ".cache");
        return root.resolve("stagebench").resolve(kind);
    }
}
