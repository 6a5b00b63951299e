package io.stagebench.store;

import io.stagebench.config.UsageException;

/**
 * A stored run that cannot be trusted or found: a missing, truncated or corrupt {@code summary.json}, an unknown
 * schema, a file the summary names that is missing or does not decode, a name that resolves to no run. The message is
 * one line that starts with the path concerned (or the name that was looked up) and says what is wrong; the command
 * line prints it and exits 2, as for any {@link UsageException}. The store's own kind of it, so that a reader of many
 * runs can leave out one it cannot trust and go on.
 */
public final class StoreException extends UsageException {

    private static final long serialVersionUID = 1L;

    public StoreException(String message) {
        super(message);
    }

    public StoreException(String message, Throwable cause) {
        super(message, cause);
    }
}
